import { createContext, type ReactNode, useState } from 'react'

/**
 * React keys for the rows that turn a moved row into one removal and one insertion.
 *
 * With plain id keys, React keeps every row that did not move in place only if the rows it
 * keeps are in their old order; a row moved to the top makes it move every other row instead
 * (every row of the list re-inserted, and focus lost from whichever node moved). Here
 * the rows that keep their relative order (the longest increasing run of old positions) keep
 * their keys and every other row that is still there gets a new key. React then never moves a
 * node: it removes the moved row and mounts it again where it now belongs.
 *
 * Kept in the component layer: a key is how the list is drawn, not part of the task.
 */
export interface RowKeys {
  readonly ids: readonly string[]
  /** How many times each row has moved, for the rows that have (the others: 0). */
  readonly moves: ReadonlyMap<string, number>
  /** The rows that moved (so got a new key) in the last change. */
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

/** Beyond this many rows out of step, the exact (longest increasing run) diff is used. */
const QUICK_DIFF_LIMIT = 32

/**
 * The rows of `after` that are also in `before` but out of step with it, found by walking both
 * lists together; enough for the list's own changes (one row added, removed or moved). Every
 * row it does not report keeps its relative order. Null when the lists differ too much.
 */
function quickMoved(before: readonly string[], after: readonly string[]): Set<string> | null {
  const left: string[] = [] // in `before` only, so far
  const arrived: string[] = [] // in `after` only, so far
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

/** The rows of `after` that are also in `before`, but not in a longest run kept in order. */
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

/** The keys for `ids`, the list that follows `previous.ids`. */
export function nextRowKeys(previous: RowKeys, ids: readonly string[]): RowKeys {
  if (previous.ids === ids) return previous
  const moved = quickMoved(previous.ids, ids) ?? exactMoved(previous.ids, ids)
  if (moved.size === 0 && previous.moves.size === 0)
    return { ids, moves: previous.moves, moved: NONE }
  const moves = new Map<string, number>()
  for (const [id, count] of previous.moves) moves.set(id, count)
  for (const id of moved) moves.set(id, (moves.get(id) ?? 0) + 1)
  // Forget the rows that are gone (checked only when the table has grown).
  if (moves.size > 64 && moves.size > ids.length / 8) {
    const present = new Set(ids)
    for (const id of moves.keys()) if (!present.has(id)) moves.delete(id)
  }
  return { ids, moves, moved: moved.size === 0 ? NONE : moved }
}

/**
 * Marks the members of one longest strictly increasing subsequence of `values`
 * (patience sorting, O(n log n)).
 */
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

/**
 * The rows drawn and the ids shown, passed to the drag library's sortable list (reorder.tsx)
 * through context: the library's own context above them then keeps its props when the list
 * changes, and a click re-renders none of it.
 */
export const ShownRows = createContext<{ ids: readonly string[]; rows: ReactNode } | null>(null)

/**
 * The row keys for `ids` (see rowKeys.ts), derived from the keys of the previous render.
 * React's pattern for information from previous renders: the state is adjusted during render,
 * so the new keys are used by this very render and no extra commit happens.
 */
export function useRowKeys(ids: readonly string[]): RowKeys {
  const [keys, setKeys] = useState(() => initialRowKeys(ids))
  if (keys.ids === ids) return keys
  const next = nextRowKeys(keys, ids)
  setKeys(next)
  return next
}
