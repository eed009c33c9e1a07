import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { afterNextPaint } from '../../../../lib/helpers'
import {
  DEFAULT_VIEWPORT,
  indexNear,
  pinnedRows,
  rowOffsets,
  sameRange,
  typicalHeight,
  visibleRange,
  WINDOW_MIN_ROWS,
  type Range,
  type Viewport,
} from './listWindow'
import { useRowHeights } from './useRowHeights'

export interface CommittedList {
  ids: readonly string[]
  offsets: Float64Array | null
  range: Range
}

export interface ListWindow {
  windowed: boolean
  offsets: Float64Array | null
  range: Range
  pinned: readonly number[]
  gap: number
  pitch: number
  committed: RefObject<CommittedList>
}

function readViewport(list: HTMLElement): Viewport {
  const top = -list.getBoundingClientRect().top
  const height = document.documentElement.clientHeight || window.innerHeight
  return { top, bottom: top + height }
}

/** Spacers keep the page's height, so it scrolls natively. */
export function useListWindow(
  listRef: RefObject<HTMLUListElement | null>,
  ids: readonly string[],
  focusedId: string | null,
  draggedId: string | null = null,
): ListWindow {
  const count = ids.length
  const windowed = count > WINDOW_MIN_ROWS
  const { heights, gap, watchRows, forgetHeights } = useRowHeights(listRef, windowed)
  const [viewport, setViewport] = useState<Viewport>(DEFAULT_VIEWPORT)
  const estimate = useMemo(() => typicalHeight(heights), [heights])
  const offsets = useMemo(
    () => (windowed ? rowOffsets(ids, heights, estimate, gap) : null),
    [windowed, ids, heights, estimate, gap],
  )
  const range: Range = useMemo(
    () => (offsets ? visibleRange(offsets, viewport) : { start: 0, end: count }),
    [offsets, viewport, count],
  )
  const focusedIndex = useIndexOf(ids, focusedId)
  const draggedIndex = useIndexOf(ids, draggedId)
  const pinned = useMemo(
    () => pinnedRows(count, [focusedIndex, draggedIndex]),
    [count, focusedIndex, draggedIndex],
  )
  const committed = useRef<CommittedList>({ ids, offsets, range })
  // The list may have moved on the page: checked at once the first time, so the first paint is
  // right, then after each paint, when reading the layout costs nothing.
  const laidOut = useRef(false)
  useLayoutEffect(() => {
    committed.current = { ids, offsets, range }
    const list = listRef.current
    if (!offsets || !list) {
      laidOut.current = false
      return
    }
    watchRows(list)
    const check = () => {
      const current = readViewport(list)
      if (!sameRange(visibleRange(offsets, current), range)) setViewport(current)
    }
    if (laidOut.current) return afterNextPaint(check)
    laidOut.current = true
    check()
  }, [listRef, ids, offsets, range, pinned, watchRows])
  // flushSync draws the new rows in the frame that scrolled (scroll events run just before
  // rendering), so no blank band shows.
  useEffect(() => {
    const list = listRef.current
    if (!windowed || !list) return
    let width = list.clientWidth
    const update = () => {
      const { offsets: latest, range: drawn } = committed.current
      if (!latest) return
      const current = readViewport(list)
      if (sameRange(visibleRange(latest, current), drawn)) return
      flushSync(() => {
        setViewport(current)
      })
    }
    const resize = () => {
      if (list.clientWidth !== width) {
        width = list.clientWidth
        forgetHeights()
      }
      update()
    }
    window.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('scroll', update)
      window.removeEventListener('resize', resize)
    }
  }, [listRef, windowed, forgetHeights])
  return { windowed, offsets, range, pinned, gap, pitch: estimate + gap, committed }
}

/** Looked for first where it last was; adjusted during render, as useRowKeys does. */
function useIndexOf(ids: readonly string[], id: string | null): number {
  const [found, setFound] = useState(() => ({ ids, id, index: -1 }))
  if (found.ids === ids && found.id === id) return found.index
  const index = id === null ? -1 : indexNear(ids, id, found.index)
  setFound({ ids, id, index })
  return index
}
