import { generateKeyBetween } from 'fractional-indexing'
import type { Task } from '../../../services/types'

// Fractional keys (as Figma and Linear use), for a place between two tasks whose orders leave
// no number between them: a move writes only the moved task, however often the same place is
// used. A task's `rank` breaks ties between equal orders; a task without one ranks by its id,
// turned into a key here, so it keeps its place among ranked ones and one can go right beside it.

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/**
 * A key that sorts as `id` does among ids (each UTF-16 unit as three digits, the first from '2'
 * up; '1' ends it, so a shorter id sorts first), in the keys' own format: 'a0', then them.
 */
export function idKey(id: string): string {
  let key = 'a0'
  for (let i = 0; i < id.length; i++) {
    const unit = id.charCodeAt(i)
    key += `${DIGITS[2 + Math.floor(unit / 3844)] ?? ''}${DIGITS[Math.floor(unit / 62) % 62] ?? ''}${DIGITS[unit % 62] ?? ''}`
  }
  return `${key}1`
}

/** The key a task sorts by among tasks of the same order. */
export const rankOf = (task: Task): string => task.rank ?? idKey(task.id)

const byId = (a: Task, b: Task) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** Between tasks of the same order: by rank, then by id. */
export function compareRanks(a: Task, b: Task): number {
  if (a.rank === null && b.rank === null) return byId(a, b)
  const first = rankOf(a)
  const second = rankOf(b)
  return first < second ? -1 : first > second ? 1 : byId(a, b)
}

/** A key after `before` and before `after` (null: no bound), which must be in order. */
export const rankBetween = (before: string | null, after: string | null): string =>
  generateKeyBetween(before, after)
