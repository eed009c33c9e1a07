import { createContext, type ReactNode, useState } from 'react'

// A moved row becomes one removal and one insertion: with id keys, a row moved to the top makes
// React move every other row (focus lost). The longest run kept in order keeps its keys.
export interface RowKeys {
  readonly ids: readonly string[]
  readonly moves: ReadonlyMap<string, number>
  readonly moved: ReadonlySet<string>
}

const NONE: ReadonlySet<string> = new Set()

export function initialRowKeys(ids: readonly string[]): RowKeys {
  return { ids, moves: new Map(), moved: NONE }
}

export function rowKey(keys: RowKeys, id: string): string {
  const moves = keys.moves.get(id)
  return moves === undefined ? id : `${id}~${String(moves)}`
}

/** Beyond this many rows out of step, the exact diff is used. */
const QUICK_DIFF_LIMIT = 32

/** Rows out of step, found by walking both lists: enough for one add, removal or move. */
function quickMoved(before: readonly string[], after: readonly string[]): Set<string> | null {
  const left: string[] = []
  const arrived: string[] = []
  let i = 0
  let j = 0
  while (i < before.length && j < after.length) {
    if (before[i] === after[j]) {
      i++
      j++
    } else if (before[i + 1] === after[j]) {
      left.push(before[i++] ?? '')
    } else {
      arrived.push(after[j++] ?? '')
    }
    if (left.length + arrived.length > QUICK_DIFF_LIMIT) return null
  }
  if (before.length - i + after.length - j + left.length + arrived.length > QUICK_DIFF_LIMIT) {
    return null
  }
  left.push(...before.slice(i))
  const leftSet = new Set(left)
  return new Set([...arrived, ...after.slice(j)].filter((id) => leftSet.has(id)))
}

function exactMoved(before: readonly string[], after: readonly string[]): Set<string> {
  const oldPosition = new Map<string, number>()
  before.forEach((id, index) => oldPosition.set(id, index))
  const kept: string[] = []
  const positions: number[] = []
  for (const id of after) {
    const position = oldPosition.get(id)
    if (position === undefined) continue
    kept.push(id)
    positions.push(position)
  }
  const stays = longestIncreasingRun(positions)
  return new Set(kept.filter((_id, index) => !stays[index]))
}

export function nextRowKeys(previous: RowKeys, ids: readonly string[]): RowKeys {
  if (previous.ids === ids) return previous
  const moved = quickMoved(previous.ids, ids) ?? exactMoved(previous.ids, ids)
  if (moved.size === 0 && previous.moves.size === 0)
    return { ids, moves: previous.moves, moved: NONE }
  const moves = new Map<string, number>()
  for (const [id, count] of previous.moves) moves.set(id, count)
  for (const id of moved) moves.set(id, (moves.get(id) ?? 0) + 1)
  // Gone rows are forgotten only once the table has grown.
  if (moves.size > 64 && moves.size > ids.length / 8) {
    const present = new Set(ids)
    for (const id of moves.keys()) if (!present.has(id)) moves.delete(id)
  }
  return { ids, moves, moved: moved.size === 0 ? NONE : moved }
}

/** One longest strictly increasing subsequence (patience sorting, O(n log n)). */
export function longestIncreasingRun(values: readonly number[]): boolean[] {
  const n = values.length
  // tails[k]: index of the smallest last value of an increasing run of length k + 1.
  const tails: number[] = []
  const previous = new Int32Array(n).fill(-1)
  for (let i = 0; i < n; i++) {
    const value = values[i] ?? 0
    let low = 0
    let high = tails.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((values[tails[middle] ?? 0] ?? 0) < value) low = middle + 1
      else high = middle
    }
    if (low > 0) previous[i] = tails[low - 1] ?? -1
    tails[low] = i
  }
  const member = new Array<boolean>(n).fill(false)
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i] ?? -1) member[i] = true
  return member
}

/** Through context, so the drag library's own keeps its props: a click re-renders none of it. */
export const ShownRows = createContext<{ ids: readonly string[]; rows: ReactNode } | null>(null)

/** Adjusted during render (React's pattern for previous renders): no extra commit. */
export function useRowKeys(ids: readonly string[]): RowKeys {
  const [keys, setKeys] = useState(() => initialRowKeys(ids))
  if (keys.ids === ids) return keys
  const next = nextRowKeys(keys, ids)
  setKeys(next)
  return next
}
