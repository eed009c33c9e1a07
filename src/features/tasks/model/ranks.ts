import { generateKeyBetween } from 'fractional-indexing'
import type { Task } from '../../../services/types'

// Fractional keys break ties between equal orders, so a move writes only the moved task. A task
// without a rank ranks by its id, turned into a key, so one can go right beside it.

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Sorts as `id` does: each UTF-16 unit as three digits from '2' up; '1' ends it. */
export function idKey(id: string): string {
  let key = 'a0'
  for (let i = 0; i < id.length; i++) {
    const unit = id.charCodeAt(i)
    key += `${DIGITS[2 + Math.floor(unit / 3844)] ?? ''}${DIGITS[Math.floor(unit / 62) % 62] ?? ''}${DIGITS[unit % 62] ?? ''}`
  }
  return `${key}1`
}

export const rankOf = (task: Task): string => task.rank ?? idKey(task.id)
const byId = (a: Task, b: Task) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

export function compareRanks(a: Task, b: Task): number {
  if (a.rank === null && b.rank === null) return byId(a, b)
  const first = rankOf(a)
  const second = rankOf(b)
  return first < second ? -1 : first > second ? 1 : byId(a, b)
}

export const rankBetween = (before: string | null, after: string | null): string =>
  generateKeyBetween(before, after)
