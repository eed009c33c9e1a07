// The status line (TaskList.tsx) sticks to the window's bottom, below the list; rows keep clear
// of it. Here, with the rows, not in the first render: it matters only once there are rows.
import { useEffect } from 'react'

const STATUS_LINE = '.page-status'

/** Keeps `--page-status-height` (the rows' scroll margin, list.css) at the line's height. */
export function useStatusHeight() {
  useEffect(() => {
    const element = document.querySelector<HTMLElement>(STATUS_LINE)
    if (element === null || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--page-status-height', `${Math.ceil(element.offsetHeight)}px`)
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--page-status-height')
    }
  }, [])
}

/**
 * The status line below the list sticks to the window's bottom and can grow after the row was
 * scrolled in ('Saving…' half a second later, Undo, the offline words): the row just added is
 * brought back above it until the next add, if it is on screen and under the line.
 */
export function keepClearOfStatus(row: HTMLElement): () => void {
  const line = document.querySelector(STATUS_LINE)
  if (line === null || typeof ResizeObserver === 'undefined') return () => undefined
  const observer = new ResizeObserver(() => {
    if (!row.isConnected) {
      observer.disconnect()
      return
    }
    const lineTop = line.getBoundingClientRect().top
    const { top, bottom } = row.getBoundingClientRect()
    const height = document.documentElement.clientHeight || window.innerHeight
    if (bottom > lineTop && top < height) row.scrollIntoView({ block: 'nearest' })
  })
  observer.observe(line)
  return () => {
    observer.disconnect()
  }
}
