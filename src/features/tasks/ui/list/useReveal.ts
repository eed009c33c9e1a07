import { useEffect, type RefObject } from 'react'
import { afterNextPaint } from '../../../../lib/helpers'
import { rowElement } from './rowControls'
import type { CommittedList } from './useListWindow'

/** A task this device has just added; `count` tells one add from the next. */
export interface Reveal {
  id: string
  count: number
}

/** Scrolls to try before giving up on drawing the row (a windowed list draws it on scroll). */
const MAX_STEPS = 4

/**
 * Brings this device's new task into view if it is not (in a long list it lands after the
 * last open task, maybe far below), and marks it for a moment's highlight (CSS; none under
 * reduced motion). It happens after the add's own frame has been painted, so the add stays as
 * quick as any click. Tasks arriving from elsewhere (a refresh, another tab) never move the page.
 */
export function useReveal(
  listRef: RefObject<HTMLUListElement | null>,
  /** What the list last committed, for the steps that run after paints. */
  committed: RefObject<CommittedList>,
  reveal: Reveal | null,
) {
  useEffect(() => {
    if (reveal === null) return
    let cancel: () => void = () => undefined
    let steps = 0
    const step = () => {
      const list = listRef.current
      const index = committed.current.ids.indexOf(reveal.id)
      if (list === null || index < 0) return
      const height = document.documentElement.clientHeight || window.innerHeight
      const row = rowElement(list, reveal.id)
      if (row === undefined) {
        // Not drawn: scroll to where it is, which draws it, and look again after the paint.
        if (++steps > MAX_STEPS) return
        const top = list.getBoundingClientRect().top + (committed.current.offsets?.[index] ?? 0)
        window.scrollBy(0, top - height / 2)
        cancel = afterNextPaint(step)
        return
      }
      // Only as far as it takes: its scroll margin keeps it clear of the form stuck to the top.
      row.scrollIntoView({ block: 'nearest' })
      row.classList.add('just-added')
      row.addEventListener(
        'animationend',
        () => {
          row.classList.remove('just-added')
        },
        { once: true },
      )
    }
    cancel = afterNextPaint(step)
    return () => {
      cancel()
    }
  }, [listRef, committed, reveal])
}
