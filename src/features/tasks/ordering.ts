import type { Task } from '../../services/types'

// Where a task goes, as a stored `order` number: sorting by order, then id, gives the list.
// Open tasks take whole numbers below FINISHED_ORDER_BASE and finished ones from it up; each
// region grows by whole steps at its own end, so orders stay exact integers however many
// tasks come and go (halving the gap between neighbours would run out of precision).

/** 2^40: a trillion steps per region, far below 2^53 where doubles stop being exact. */
export const FINISHED_ORDER_BASE = 2 ** 40

/** Where documents stored without an order (by older clients) sort: after everything. */
export const UNORDERED = 2 ** 52

/** The list order: by `order`, then by id, the same on every device. */
export const compareTasks = (a: Task, b: Task): number =>
  a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** A new task's order: after the last open task of `list` (in list order). */
export function orderAfterLastOpen(list: readonly Task[]): number {
  const lastOpenIndex = list.findLastIndex((task) => !task.isFinished)
  const lastOpen = list[lastOpenIndex]
  const next = list[lastOpenIndex + 1]
  if (lastOpen === undefined) return next === undefined ? 0 : Math.min(0, next.order - 1)
  const candidate = lastOpen.order + 1
  if (next === undefined || candidate < next.order) return candidate
  // Only orders written by other clients get here: the midpoint keeps the task in place.
  return (lastOpen.order + next.order) / 2
}

/** Mark as done: the end of `others` (in list order), in the finished region. */
export function orderAtEnd(others: readonly Task[]): number {
  const last = others.at(-1)
  return last === undefined ? FINISHED_ORDER_BASE : Math.max(last.order + 1, FINISHED_ORDER_BASE)
}

/** Mark as incomplete: the top of `others` (in list order), in the open region. */
export function orderAtTop(others: readonly Task[]): number {
  const first = others[0]
  return first === undefined ? 0 : Math.min(first.order - 1, 0)
}
