import { describe, expect, it } from 'vitest'
import {
  DEFAULT_ROW_HEIGHT,
  indexNear,
  pinnedRows,
  rowOffsets,
  segments,
  typicalHeight,
  visibleRange,
  type Segment,
} from '../../../../../src/features/tasks/ui/list/listWindow'

const idsOf = (count: number, prefix = 't') =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i)}`)

/** The rows a plan draws, and the height it gives the list (rows of `height`, `gap` apart). */
function drawn(plan: Segment[], height: number, gap: number) {
  const rows = plan.flatMap((segment) => (segment.kind === 'row' ? [segment.index] : []))
  const total =
    plan.reduce((sum, segment) => sum + (segment.kind === 'row' ? height : segment.height), 0) +
    gap * (plan.length - 1)
  return { rows, total }
}

describe('row offsets', () => {
  it('stacks measured heights, estimates the others, one gap apart', () => {
    const offsets = rowOffsets(['a', 'b', 'c'], new Map([['b', 70]]), 46, 8)
    expect([...offsets]).toEqual([0, 54, 132, 186])
  })

  it('takes the typical height to be the median of those measured', () => {
    expect(typicalHeight(new Map())).toBe(DEFAULT_ROW_HEIGHT)
    expect(
      typicalHeight(
        new Map([
          ['a', 46],
          ['b', 46],
          ['c', 120],
        ]),
      ),
    ).toBe(46)
  })
})

describe('the visible range', () => {
  const offsets = rowOffsets(idsOf(1000), new Map(), 46, 8) // 54 px a row

  it('covers the viewport and the overscan, rounded out to whole steps', () => {
    expect(visibleRange(offsets, { top: 0, bottom: 800 }, 600, 10)).toEqual({ start: 0, end: 30 })
    // 10,000 px down: rows 185 to 200 are in view; with 600 px either side, 174 to 211.
    expect(visibleRange(offsets, { top: 10_000, bottom: 10_800 }, 600, 10)).toEqual({
      start: 170,
      end: 220,
    })
  })

  it('stops at the ends of the list', () => {
    expect(visibleRange(offsets, { top: 60_000, bottom: 60_800 }, 600, 10)).toEqual({
      start: 990,
      end: 1000,
    })
    expect(visibleRange(offsets, { top: -500, bottom: 300 }, 600, 10)).toEqual({
      start: 0,
      end: 20,
    })
  })
})

describe('the segments drawn', () => {
  const gap = 8
  const offsets = rowOffsets(idsOf(1000), new Map(), 46, gap)
  const fullHeight = (offsets[1000] ?? 0) - gap

  it('are the rows of the range between spacers exactly as tall as the rows they replace', () => {
    const plan = segments(offsets, gap, { start: 100, end: 120 }, [])
    const { rows, total } = drawn(plan, 46, gap)
    expect(rows).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i))
    expect(total).toBe(fullHeight)
    expect(plan[0]).toEqual({ kind: 'spacer', height: 100 * 54 - gap, before: 100 })
    expect(plan.at(-1)).toEqual({ kind: 'spacer', height: 880 * 54 - gap, before: null })
  })

  it('keep pinned rows in list order, each between its own spacers', () => {
    const plan = segments(offsets, gap, { start: 100, end: 120 }, [0, 999, 499, 500, 501])
    const { rows, total } = drawn(plan, 46, gap)
    expect(rows).toEqual([0, ...Array.from({ length: 20 }, (_, i) => 100 + i), 499, 500, 501, 999])
    expect(total).toBe(fullHeight)
    expect(plan.filter((segment) => segment.kind === 'spacer')).toHaveLength(3)
  })

  it('need no spacer when the range reaches an end', () => {
    const plan = segments(offsets, gap, { start: 0, end: 30 }, [0, 999])
    expect(plan.slice(0, 30).every((segment) => segment.kind === 'row')).toBe(true)
    expect(drawn(plan, 46, gap).total).toBe(fullHeight)
  })
})

describe('pinned rows', () => {
  it('pins the first and last rows, and the focused row with its neighbours', () => {
    expect(pinnedRows(1000, [])).toEqual([0, 999])
    expect(pinnedRows(1000, [500])).toEqual([0, 499, 500, 501, 999])
    expect(pinnedRows(1000, [0])).toEqual([0, 1, 999])
    expect(pinnedRows(1, [-1])).toEqual([0])
    // The row dragged is kept with its neighbours as well as the focused one.
    expect(pinnedRows(1000, [500, 700])).toEqual([0, 499, 500, 501, 699, 700, 701, 999])
  })
})

describe('indexNear', () => {
  it('finds a row wherever it is, whatever the hint, and -1 for none', () => {
    const ids = idsOf(1000)
    for (const hint of [-1, 0, 10, 500, 999, 5000])
      for (const at of [0, 1, 11, 499, 500, 501, 998, 999])
        expect(indexNear(ids, `t${String(at)}`, hint)).toBe(at)
    expect(indexNear(ids, 'nowhere', 500)).toBe(-1)
    expect(indexNear([], 't0', 0)).toBe(-1)
  })
})
