// The windowed list's arithmetic, pure so it is tested without layout.

// In rowControls.ts, which the first render has anyway: this module comes with the rows.
export { WINDOW_MIN_ROWS } from './rowControls'

/** A one-line row at the default font size, until rows are measured. */
export const DEFAULT_ROW_HEIGHT = 52
export const DEFAULT_ROW_GAP = 8
export const OVERSCAN_PX = 600

/** Window edges are rounded to this many rows, so scrolling re-renders less. */
export const RANGE_STEP = 10

export interface Viewport {
  top: number
  bottom: number
}

export const DEFAULT_VIEWPORT: Viewport = { top: 0, bottom: 1000 }

export interface Range {
  start: number
  end: number
}

/** Looked for first where a click leaves it, so the usual case costs the same at any length. */
export function indexNear(ids: readonly string[], id: string, hint: number): number {
  for (const at of [hint, hint + 1, hint - 1, 0, ids.length - 1]) if (ids[at] === id) return at
  return ids.indexOf(id)
}

/** Each row's top, then the list's height plus one gap; unmeasured rows count as `estimate`. */
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

/** The median, not skewed by a few long, wrapped rows. */
export function typicalHeight(heights: ReadonlyMap<string, number>): number {
  if (heights.size === 0) return DEFAULT_ROW_HEIGHT
  const sorted = Float64Array.from(heights.values()).sort()
  return sorted[sorted.length >> 1] ?? DEFAULT_ROW_HEIGHT
}

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

/** Rows of `range` and `pinned`, a spacer for each run left out (the grid adds its gap). */
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
  let next = 0
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

/** First and last (so Tab lands on a row), and each kept row (focused, dragged) with neighbours. */
export function pinnedRows(count: number, keptIndexes: readonly number[]): number[] {
  const pinned = new Set([0, count - 1])
  for (const kept of keptIndexes) {
    if (kept < 0) continue
    for (const index of [kept - 1, kept, kept + 1]) pinned.add(index)
  }
  return [...pinned].filter((index) => index >= 0 && index < count).sort((a, b) => a - b)
}
