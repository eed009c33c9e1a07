import { useLayoutEffect, useRef, type RefObject } from 'react'
import { rowElement } from './useRowFocus'

/** A task this device has just added; `count` tells one add from the next. */
export interface Reveal {
  id: string
  count: number
}

/**
 * Brings this device's new task into view if it is not (in a long list it lands after the
 * last open task, maybe far below), and marks it for a moment's highlight (CSS; none under
 * reduced motion). Tasks arriving from elsewhere (a refresh, another tab) never move the page.
 */
export function useReveal(
  listRef: RefObject<HTMLUListElement | null>,
  ids: readonly string[],
  offsets: ArrayLike<number> | null,
  reveal: Reveal | null,
) {
  const pending = useRef<Reveal | null>(null)
  useLayoutEffect(() => {
    pending.current = reveal
  }, [reveal])

  // After every commit while one is pending: a windowed list may need a scroll to draw it.
  useLayoutEffect(() => {
    const target = pending.current
    const list = listRef.current
    if (target === null || list === null) return
    const index = ids.indexOf(target.id)
    if (index < 0) {
      pending.current = null
      return
    }
    const height = document.documentElement.clientHeight || window.innerHeight
    const row = rowElement(list, target.id)
    if (row === undefined) {
      // Not drawn: scroll to where it is, which draws it, and this runs again.
      window.scrollBy(0, list.getBoundingClientRect().top + (offsets?.[index] ?? 0) - height / 2)
      return
    }
    pending.current = null
    const box = row.getBoundingClientRect()
    if (box.top < 0 || box.bottom > height) row.scrollIntoView({ block: 'nearest' })
    row.classList.add('just-added')
    row.addEventListener(
      'animationend',
      () => {
        row.classList.remove('just-added')
      },
      { once: true },
    )
  })
}
