/** The next popup closed, or this window focused again: the SDK notices only after ten seconds. */
export function watchNextPopup(onClosed: () => void): () => void {
  // Put back as it was, and always called on window.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const open = window.open
  let timer = 0
  const stop = () => {
    if (window.open === opening) window.open = open
    clearInterval(timer)
    window.removeEventListener('focus', closed)
  }
  const closed = () => {
    stop()
    onClosed()
  }
  const opening: typeof window.open = (...args) => {
    window.open = open
    const popup = open.apply(window, args)
    if (popup) {
      timer = window.setInterval(() => {
        if (popup.closed) closed()
      }, 200)
    }
    return popup
  }
  window.open = opening
  window.addEventListener('focus', closed)
  return stop
}
