// The windowed list on @tanstack/react-virtual, in place of src/features/tasks/ui/list/
// useListWindow.ts, useRowHeights.ts and listWindow.ts's arithmetic: built into the bench's
// second app (`--only tanstack`) through an alias, to measure it beside ours in the same run
// (docs/performance.md, "The list's code"). It is in no configuration of the app.
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual'
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import {
  DEFAULT_ROW_GAP,
  DEFAULT_ROW_HEIGHT,
  pinnedRows,
  WINDOW_MIN_ROWS,
} from '../../src/features/tasks/ui/list/listWindow'
import type { CommittedList, ListWindow } from '../../src/features/tasks/ui/list/useListWindow'

const OVERSCAN_ROWS = 12

export function useListWindow(
  listRef: RefObject<HTMLUListElement | null>,
  ids: readonly string[],
  focusedId: string | null,
  draggedId: string | null = null,
): ListWindow {
  const count = ids.length
  const windowed = count > WINDOW_MIN_ROWS
  const focusedIndex = focusedId === null ? -1 : ids.indexOf(focusedId)
  const draggedIndex = draggedId === null ? -1 : ids.indexOf(draggedId)
  const pinned = useMemo(
    () => pinnedRows(count, [focusedIndex, draggedIndex]),
    [count, focusedIndex, draggedIndex],
  )
  // The list's top in the page: the page scrolls, the list starts below the form.
  const [margin, setMargin] = useState(0)

  // The focused and dragged rows and both ends stay drawn, as ours keeps them.
  const rangeExtractor = useCallback(
    (range: Range) =>
      [...new Set([...defaultRangeExtractor(range), ...pinned])].sort((a, b) => a - b),
    [pinned],
  )
  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: windowed ? count : 0,
    estimateSize: () => DEFAULT_ROW_HEIGHT,
    gap: DEFAULT_ROW_GAP,
    overscan: OVERSCAN_ROWS,
    scrollMargin: margin,
    getItemKey: (index) => ids[index] ?? index,
    rangeExtractor,
  })

  const measurements = virtualizer.measurementsCache
  const offsets = useMemo(() => {
    if (!windowed) return null
    const out = new Float64Array(count + 1)
    for (let i = 0; i < count; i++) out[i] = (measurements[i]?.start ?? 0) - margin
    out[count] = (measurements[count - 1]?.end ?? 0) - margin + DEFAULT_ROW_GAP
    return out
  }, [windowed, count, measurements, margin])

  const visible = virtualizer.range
  const range = useMemo(
    () =>
      windowed && visible
        ? {
            start: Math.max(0, visible.startIndex - OVERSCAN_ROWS),
            end: Math.min(count, visible.endIndex + OVERSCAN_ROWS + 1),
          }
        : { start: 0, end: count },
    [windowed, visible, count],
  )

  const committed = useRef<CommittedList>({ ids, offsets, range })
  // After each commit: where the list starts, and the drawn rows measured (the library
  // observes each one it is given, by its index).
  useLayoutEffect(() => {
    committed.current = { ids, offsets, range }
    const list = listRef.current
    if (!list || !windowed) return
    const top = list.getBoundingClientRect().top + window.scrollY
    if (top !== margin) setMargin(top)
    const drawnAt = new Map<string, number>()
    for (const index of pinned) drawnAt.set(ids[index] ?? '', index)
    for (let index = range.start; index < range.end; index++) drawnAt.set(ids[index] ?? '', index)
    for (const child of list.children) {
      const index = drawnAt.get((child as HTMLElement).dataset.taskId ?? '')
      if (!(child instanceof HTMLLIElement) || index === undefined) continue
      child.dataset.index = String(index)
      virtualizer.measureElement(child)
    }
  })

  return {
    windowed,
    offsets,
    range,
    pinned,
    gap: DEFAULT_ROW_GAP,
    pitch: DEFAULT_ROW_HEIGHT + DEFAULT_ROW_GAP,
    committed,
  }
}
