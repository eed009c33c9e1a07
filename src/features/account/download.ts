/** Saves `text` as the file `name` through the browser's download. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 60_000)
}
