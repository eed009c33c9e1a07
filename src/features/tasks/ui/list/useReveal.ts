import { useEffect, type RefObject } from 'react'
import { afterNextPaint } from '../../../../lib/helpers'
import { rowElement } from './rowControls'
import { keepClearOfStatus } from './statusClearance'
import type { CommittedList } from './useListWindow'

export interface Reveal {
  id: string
  count: number
}

/** Scrolls to try before giving up on drawing the row. */
const MAX_STEPS = 4

/** After the add's frame is painted, so the add stays as quick as any click; only this device's. */
export function useReveal(
  listRef: RefObject<HTMLUListElement | null>,
  committed: RefObject<CommittedList>,
  reveal: Reveal | null,
) {
  useEffect(() => {
    if (reveal === null) return
    let cancel: () => void = () => undefined
    let stopKeeping: () => void = () => undefined
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
      // Its scroll margin keeps it clear of the sticky form.
      row.scrollIntoView({ block: 'nearest' })
      stopKeeping = keepClearOfStatus(row)
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
      stopKeeping()
    }
  }, [listRef, committed, reveal])
}
