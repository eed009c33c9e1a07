import { describe, expect, it } from 'vitest'
import {
  initialRowKeys,
  longestIncreasingRun,
  nextRowKeys,
  rowKey,
  type RowKeys,
} from '../../../../../src/features/tasks/ui/list/rowKeys'

const idsOf = (count: number) => Array.from({ length: count }, (_, i) => `t${String(i)}`)

/** Applies successive lists, as renders would. */
const through = (...lists: string[][]): RowKeys =>
  lists.slice(1).reduce(nextRowKeys, initialRowKeys(lists[0] ?? []))

/** The order React would keep: rows whose key stayed, in the new order. */
function keptInOrder(before: RowKeys, after: RowKeys) {
  const oldKeys = before.ids.map((id) => rowKey(before, id))
  const kept = after.ids.map((id) => rowKey(after, id)).filter((key) => oldKeys.includes(key))
  return kept.every(
    (key, i) => i === 0 || oldKeys.indexOf(kept[i - 1] ?? '') < oldKeys.indexOf(key),
  )
}

describe('row keys', () => {
  const ids = idsOf(5000)

  it('are the ids until a row moves', () => {
    const keys = initialRowKeys(ids)
    expect(ids.every((id) => rowKey(keys, id) === id)).toBe(true)
    const added = nextRowKeys(keys, [...ids.slice(0, 10), 'new', ...ids.slice(10)])
    const removed = nextRowKeys(added, ids.slice(1))
    expect(added.moved.size).toBe(0)
    expect(removed.moved.size).toBe(0)
    expect(rowKey(removed, 't1')).toBe('t1')
  })

  it('give a row moved to the top, and only that row, a new key', () => {
    const before = initialRowKeys(ids)
    const after = nextRowKeys(before, ['t4999', ...ids.slice(0, 4999)])
    expect([...after.moved]).toEqual(['t4999'])
    expect(rowKey(after, 't4999')).not.toBe(rowKey(before, 't4999'))
    expect(rowKey(after, 't0')).toBe('t0')
    expect(keptInOrder(before, after)).toBe(true)
  })

  it('give a row moved to the end a new key, and another on every later move', () => {
    const moved = [...ids.slice(0, 3), ...ids.slice(4), 't3']
    const keys = through(ids, moved, ['t3', ...moved.slice(0, -1)])
    expect([...keys.moved]).toEqual(['t3'])
    expect(rowKey(keys, 't3')).toBe('t3~2')
  })

  it('keep the rows in their old order for any reordering (longest run)', () => {
    const small = idsOf(12)
    const shuffled = ['t5', 't0', 't1', 't9', 't2', 't3', 't11', 't4', 't6', 't7', 't8', 't10']
    const before = initialRowKeys(small)
    const after = nextRowKeys(before, shuffled)
    expect(keptInOrder(before, after)).toBe(true)
    // t0 t1 t2 t3 t4 t6 t7 t8 t10 stay: 9 of 12, the most that can.
    expect([...after.moved].sort()).toEqual(['t11', 't5', 't9'])

    const reversed = nextRowKeys(initialRowKeys(ids), [...ids].reverse())
    expect(reversed.moved.size).toBe(4999)
  })
})

describe('the longest increasing run', () => {
  it('marks one longest strictly increasing subsequence', () => {
    const marked = (values: number[]) => values.filter((_v, i) => longestIncreasingRun(values)[i])
    expect(marked([3, 0, 1, 4, 2, 5])).toEqual([0, 1, 2, 5])
    expect(marked([])).toEqual([])
    expect(marked([5, 4, 3])).toHaveLength(1)
    expect(marked([1, 2, 3])).toEqual([1, 2, 3])
  })
})
