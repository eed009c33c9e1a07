/** Runs `callback` once the next frame has been painted; returns a function that cancels it. */
export function afterNextPaint(callback: () => void): () => void {
  let timer = 0
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(callback)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
