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

/** A list as the tasks state holds it: ids in list order, and the tasks by id. */
export interface TaskList {
  readonly ids: readonly string[]
  readonly entities: Readonly<Record<string, Task>>
}

/** The task of `id`, never a property every object has (`constructor`, `__proto__`…). */
export const taskIn = (list: Pick<TaskList, 'entities'>, id: string): Task | undefined =>
  Object.hasOwn(list.entities, id) ? list.entities[id] : undefined

const taskAt = (list: TaskList, index: number) => list.entities[list.ids[index] ?? '']

/** The first (or, `step` -1, the last) task of `list` other than `except`. */
function edge(list: TaskList, except: string, step: 1 | -1): Task | undefined {
  const start = step === 1 ? 0 : list.ids.length - 1
  const first = taskAt(list, start)
  return first?.id === except ? taskAt(list, start + step) : first
}

/** A new task's order: after the last open task of `list`, before the finished ones. */
export function orderAfterLastOpen(list: TaskList): number {
  let index = list.ids.length - 1
  while (index >= 0 && taskAt(list, index)?.isFinished) index--
  const lastOpen = taskAt(list, index)
  const next = taskAt(list, index + 1)
  if (lastOpen === undefined) return next === undefined ? 0 : Math.min(0, next.order - 1)
  const candidate = lastOpen.order + 1
  if (next === undefined || candidate < next.order) return candidate
  // Only orders written by other clients get here: the midpoint keeps the task in place.
  return (lastOpen.order + next.order) / 2
}

/** Mark as done: after every other task, in the finished region. */
export function orderAtEnd(list: TaskList, id: string): number {
  const last = edge(list, id, -1)
  return last === undefined ? FINISHED_ORDER_BASE : Math.max(last.order + 1, FINISHED_ORDER_BASE)
}

/** Mark as incomplete: before every other task, in the open region. */
export function orderAtTop(list: TaskList, id: string): number {
  const first = edge(list, id, 1)
  return first === undefined ? 0 : Math.min(first.order - 1, 0)
}

/** The ids of `list` without `id`, with `task` placed where its order sorts it (one pass). */
export function placed(list: TaskList, task: Task): string[] {
  const ids = list.ids.filter((id) => id !== task.id)
  let low = 0
  let high = ids.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const other = list.entities[ids[middle] ?? '']
    if (other !== undefined && compareTasks(other, task) <= 0) low = middle + 1
    else high = middle
  }
  ids.splice(low, 0, task.id)
  return ids
}

/** `list` with `task` (new or changed) stored and placed where its order sorts it. */
export const withPlaced = <L extends TaskList>(list: L, task: Task): L => ({
  ...list,
  entities: { ...list.entities, [task.id]: task },
  ids: placed(list, task),
})

/** The ids of every task of `entities`, in list order. */
export const sortedIds = (entities: Readonly<Record<string, Task>>): string[] =>
  Object.values(entities)
    .sort(compareTasks)
    .map((task) => task.id)
