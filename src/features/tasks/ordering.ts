import type { LoadedTask, Task } from '../../services/types'

/**
 * Finished tasks take orders from this base up, open tasks stay below it. Both regions
 * then grow by whole steps at their own end (a new task after the last open one, a task
 * marked done after the last finished one), so orders stay integers however many tasks
 * are added: bisecting between neighbours would run out of double precision after ~50
 * additions in the same gap. 2^40 leaves a trillion steps per region and stays far below
 * 2^53, where doubles stop being exact integers.
 */
export const FINISHED_ORDER_BASE = 2 ** 40

/** The order of a new task placed after the last open task of `list` (in list order). */
export function orderAfterLastOpen(list: readonly Task[]): number {
  const lastOpenIndex = list.findLastIndex((task) => !task.isFinished)
  const lastOpen = list[lastOpenIndex]
  const next = list[lastOpenIndex + 1]
  if (lastOpen === undefined) return next === undefined ? 0 : Math.min(0, next.order - 1)
  const candidate = lastOpen.order + 1
  if (next === undefined || candidate < next.order) return candidate
  // Only lists loaded with orders from other clients get here: fall back to the midpoint.
  return (lastOpen.order + next.order) / 2
}

/** The order that puts a task at the end of `others`, in the finished region. */
export function orderAtEnd(others: readonly Task[]): number {
  const last = others.at(-1)
  return last === undefined ? FINISHED_ORDER_BASE : Math.max(last.order + 1, FINISHED_ORDER_BASE)
}

/** The order that puts a task at the top of `others`, in the open region. */
export function orderAtTop(others: readonly Task[]): number {
  const first = others[0]
  return first === undefined ? 0 : Math.min(first.order - 1, 0)
}

/**
 * List order: by `order`, then by id. Two devices can give two tasks the same order (each
 * took "the next whole number" at its end); the id then sorts them the same on every device.
 */
export const compareTasks = (a: Task, b: Task): number =>
  a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const hasOrder = (task: LoadedTask): task is Task =>
  typeof task.order === 'number' && Number.isFinite(task.order)

/**
 * A loaded list in display order: tasks sorted by order, then those without one (written
 * by older clients) in the order received, given orders that keep them there.
 */
export function sortLoadedTasks(loaded: readonly LoadedTask[]): Task[] {
  const ordered = loaded.filter(hasOrder).sort(compareTasks)
  const lastOrder = ordered.at(-1)?.order ?? -1
  const unordered = loaded
    .filter((task) => !hasOrder(task))
    .map((task, index) => ({ ...task, order: lastOrder + 1 + index }))
  return [...ordered, ...unordered]
}
