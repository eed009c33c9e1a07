/**
 * The arithmetic of the windowed task list: where each row sits, which rows a viewport needs,
 * and what to draw (rows, and spacers standing in for the rows in between).
 *
 * Pure functions over the ids and the measured row heights, so they are tested without layout.
 */

/** Lists up to this long render every row; longer ones only the rows near the viewport. */
export const WINDOW_MIN_ROWS = 200

/**
 * A one-line row at the default font size, until rows are measured: its buttons (1.5 line
 * height, 0.25rem padding, 1px border) plus the row's 0.5rem padding and 1px border.
 */
export const DEFAULT_ROW_HEIGHT = 52

/** The list's row gap (0.5rem), until read from the page. */
export const DEFAULT_ROW_GAP = 8

/** Rows are drawn this far (in CSS pixels) above and below the viewport. */
export const OVERSCAN_PX = 600

/** Window edges are rounded out to multiples of this many rows, so scrolling re-renders less. */
export const RANGE_STEP = 10

/** The viewport, in pixels from the list's top edge. */
export interface Viewport {
  top: number
  bottom: number
}

/** Assumed before the list has been laid out (and in environments without layout). */
export const DEFAULT_VIEWPORT: Viewport = { top: 0, bottom: 1000 }

export interface Range {
  start: number
  end: number
}

/**
 * Where `id` is in `ids`, or -1: looked for first where a click usually leaves it (at `hint`,
 * where it was, or next to it; at either end, where done and incomplete move it), then
 * everywhere, so the usual case costs the same at any length.
 */
export function indexNear(ids: readonly string[], id: string, hint: number): number {
  for (const at of [hint, hint + 1, hint - 1, 0, ids.length - 1]) if (ids[at] === id) return at
  return ids.indexOf(id)
}

/**
 * The top of each row from the list's top, and one more entry: the list's height plus one gap.
 * Measured rows count at their height, the others at `estimate`.
 */
export function rowOffsets(
  ids: readonly string[],
  heights: ReadonlyMap<string, number>,
  estimate: number,
  gap: number,
): Float64Array {
  const offsets = new Float64Array(ids.length + 1)
  let top = 0
  for (let i = 0; i < ids.length; i++) {
    offsets[i] = top
    top += (heights.get(ids[i] ?? '') ?? estimate) + gap
  }
  offsets[ids.length] = top
  return offsets
}

/** The middle measured height: the typical row, not skewed by a few long, wrapped ones. */
export function typicalHeight(heights: ReadonlyMap<string, number>): number {
  if (heights.size === 0) return DEFAULT_ROW_HEIGHT
  const sorted = Float64Array.from(heights.values()).sort()
  return sorted[sorted.length >> 1] ?? DEFAULT_ROW_HEIGHT
}

/** The row that contains `y` (binary search); the last row for anything below the list. */
function rowAt(offsets: Float64Array, y: number): number {
  let low = 0
  let high = offsets.length - 2
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((offsets[middle + 1] ?? 0) <= y) low = middle + 1
    else high = middle
  }
  return low
}

/** The rows that `viewport`, widened by `overscan`, touches: [start, end), rounded out to `step`. */
export function visibleRange(
  offsets: Float64Array,
  viewport: Viewport,
  overscan = OVERSCAN_PX,
  step = RANGE_STEP,
): Range {
  const count = offsets.length - 1
  if (count <= 0) return { start: 0, end: 0 }
  const first = rowAt(offsets, Math.max(0, viewport.top - overscan))
  const last = rowAt(offsets, Math.max(0, viewport.bottom + overscan))
  return {
    start: Math.min(count, Math.floor(first / step) * step),
    end: Math.min(count, (Math.floor(last / step) + 1) * step),
  }
}

export const sameRange = (a: Range, b: Range): boolean => a.start === b.start && a.end === b.end

export type Segment =
  { kind: 'row'; index: number } | { kind: 'spacer'; height: number; before: number | null }

/**
 * What to draw, top to bottom: the rows of `range` and the `pinned` rows (focus and its
 * neighbours, the first and last rows), in list order, with one spacer for each run of rows
 * left out, exactly as tall as those rows and their gaps (the grid adds one gap after the
 * spacer itself). `before` is the index of the row a spacer precedes (null at the end).
 */
export function segments(
  offsets: Float64Array,
  gap: number,
  range: Range,
  pinned: Iterable<number>,
): Segment[] {
  const count = offsets.length - 1
  const extra = [...new Set(pinned)]
    .filter((index) => index >= 0 && index < count && (index < range.start || index >= range.end))
    .sort((a, b) => a - b)
  const out: Segment[] = []
  let next = 0 // the first row not yet drawn or covered by a spacer
  const skipTo = (index: number) => {
    if (index > next) {
      const height = (offsets[index] ?? 0) - (offsets[next] ?? 0) - gap
      out.push({ kind: 'spacer', height, before: index < count ? index : null })
    }
  }
  const draw = (from: number, to: number) => {
    skipTo(from)
    for (let index = from; index < to; index++) out.push({ kind: 'row', index })
    next = Math.max(next, to)
  }
  let rangeDrawn = false
  for (const index of extra) {
    if (!rangeDrawn && index > range.start) {
      draw(range.start, range.end)
      rangeDrawn = true
    }
    draw(index, index + 1)
  }
  if (!rangeDrawn) draw(range.start, range.end)
  skipTo(count)
  return out
}

/**
 * The rows drawn wherever the viewport is: the first and last (so Tab from before the list,
 * or Shift+Tab from after it, lands on a row) and each kept row with its neighbours: the
 * focused row (so Tab and Shift+Tab from it reach the next row, and focus is never dropped by
 * scrolling) and the row being dragged (its handle holds the drag while the page scrolls).
 */
export function pinnedRows(count: number, keptIndexes: readonly number[]): number[] {
  const pinned = new Set([0, count - 1])
  for (const kept of keptIndexes) {
    if (kept < 0) continue
    for (const index of [kept - 1, kept, kept + 1]) pinned.add(index)
  }
  return [...pinned].filter((index) => index >= 0 && index < count).sort((a, b) => a - b)
}
