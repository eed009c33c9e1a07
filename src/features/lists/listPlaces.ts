import type { ListEntry } from '../../services/types'
import { rankBetween } from '../tasks'

// Where a moved list goes, as the ranks to write. Lists sort by rank, then by slot; a move
// writes the moved list alone, unless the lists at its new place tie (two devices each made a
// list at the end while offline) or hold no key (another client wrote none): then those after
// it are given keys too, as few as keep the order the person sees.

export interface ListRank {
  id: string
  rank: string
}

/** Lists in their place: by rank, then by slot. */
export const byPlace = (a: ListEntry, b: ListEntry) =>
  a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : Number(a.id) - Number(b.id)

/** Whether `rank` is a fractional key another can be made beside. */
function isKey(rank: string): boolean {
  try {
    rankBetween(rank, null)
    return true
  } catch {
    return false
  }
}

/**
 * The ranks that put list `id` at `to` (its index among `lists`, in their order, once moved),
 * the moved list's first; none when it is there already or is not among them.
 */
export function ranksForMove(lists: readonly ListEntry[], id: string, to: number): ListRank[] {
  const from = lists.findIndex((list) => list.id === id)
  const moved = lists[from]
  if (moved === undefined || to === from || to < 0 || to >= lists.length) return []
  const order = lists.filter((list) => list.id !== id)
  order.splice(to, 0, moved)
  const before = order[to - 1]?.rank
  // A list before it with no key ('' sorts first) is passed by any key.
  let last = before !== undefined && isKey(before) ? before : null
  const ranks: ListRank[] = []
  for (let at = to; at < order.length; at++) {
    const list = order[at]
    if (list === undefined) break
    if (at > to && isKey(list.rank) && (last === null || list.rank > last)) break
    // The first key past the last one given: the lists up to it are given keys below it.
    const next = order
      .slice(at + 1)
      .find(({ rank }) => isKey(rank) && (last === null || rank > last))?.rank
    last = rankBetween(last, next ?? null)
    ranks.push({ id: list.id, rank: last })
  }
  return ranks
}
