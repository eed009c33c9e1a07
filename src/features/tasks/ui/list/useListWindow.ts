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

/** The list as last committed, for what runs later (event listeners, steps after a paint). */
export interface CommittedList {
  ids: readonly string[]
  /** Each row's top (listWindow.ts `rowOffsets`); null when the list is not windowed. */
  offsets: Float64Array | null
  range: Range
}

export interface ListWindow {
  windowed: boolean
  offsets: Float64Array | null
  range: Range
  pinned: readonly number[]
  gap: number
  /** A typical row's height plus the gap. */
  pitch: number
  committed: RefObject<CommittedList>
}

/** The viewport in pixels from the list's top edge; the page is what scrolls. */
function readViewport(list: HTMLElement): Viewport {
  const top = -list.getBoundingClientRect().top
  const height = document.documentElement.clientHeight || window.innerHeight
  return { top, bottom: top + height }
}

/**
 * Which rows a list longer than WINDOW_MIN_ROWS draws, following the page's scroll: the rows
 * near the viewport (`range`) and the `pinned` ones (listWindow.ts), with spacers as tall as
 * the rows between them (useRowHeights.ts), so the page keeps its height and scrolls natively.
 */
export function useListWindow(
  listRef: RefObject<HTMLUListElement | null>,
  ids: readonly string[],
  focusedId: string | null,
  /** The row being dragged: kept drawn, as the focused row is, wherever the page scrolls. */
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

  // After each commit: watch the new rows, and check the window against the real viewport (the
  // list may have moved on the page): at once the first time, so the first paint is right,
  // then after the paint, when reading the layout costs nothing (scrolling is handled apart).
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

  // Scrolling and resizing move the window. flushSync draws the new rows in the frame that
  // scrolled (scroll events run just before rendering), so no blank band shows. A new width
  // rewraps the rows.
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

/**
 * Where `id` is in `ids` (-1 for none), looked for first where it last was: adjusted during
 * render from the previous one, as useRowKeys does.
 */
function useIndexOf(ids: readonly string[], id: string | null): number {
  const [found, setFound] = useState(() => ({ ids, id, index: -1 }))
  if (found.ids === ids && found.id === id) return found.index
  const index = id === null ? -1 : indexNear(ids, id, found.index)
  setFound({ ids, id, index })
  return index
}
