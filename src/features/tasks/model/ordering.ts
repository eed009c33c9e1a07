import type { Task } from '../../../services/types'
import { compareRanks, rankBetween, rankOf } from './ranks'
import { tableWith, taskOf, tasksOf, type TaskTable } from './taskTable'

// Where a task goes. The list is open tasks, then finished ones; within each region by the
// stored `order` number, then by `rank` (ranks.ts), then by id, the same on every device. This
// app's open tasks take whole numbers below FINISHED_ORDER_BASE and finished ones from it up
// (so versions that sorted by order alone agree); each region grows by whole steps at its own
// end, so orders stay exact integers however many tasks come and go. A move between two tasks
// takes a whole number between theirs, or theirs and a rank between: one write, always.

/** 2^40: a trillion steps per region, far below 2^53 where doubles stop being exact. */
export const FINISHED_ORDER_BASE = 2 ** 40

/**
 * Where a document stored without an order (the original app's) sorts in its region: after
 * this app's first trillion/2 placements, before later ones. Among themselves, by id, which is
 * how the original listed them; a task added after them, or moved above them, has room.
 */
const UNORDERED_OFFSET = 2 ** 39

/** The number a task sorts by within its region. */
export const sortKey = (task: Task): number =>
  task.order ?? (task.isFinished ? FINISHED_ORDER_BASE : 0) + UNORDERED_OFFSET

/** The list order: open before finished, then by order, then by rank, then by id. */
export const compareTasks = (a: Task, b: Task): number =>
  Number(a.isFinished) - Number(b.isFinished) || sortKey(a) - sortKey(b) || compareRanks(a, b)

/** Where a click puts a task: its order, and a rank where the order alone cannot say it. */
export interface Placement {
  order: number
  rank: string | null
}

/** A list as the tasks state holds it: ids in list order, and the tasks by id (taskTable.ts). */
export interface TaskList {
  readonly ids: readonly string[]
  readonly table: TaskTable
}

/** The task of `id` in `list`. */
export const taskIn = (list: Pick<TaskList, 'table'>, id: string): Task | undefined =>
  taskOf(list.table, id)

const taskAt = (list: TaskList, index: number) => taskOf(list.table, list.ids[index] ?? '')

/** The first (or, `step` -1, the last) task of `list` other than `except`. */
function edge(list: TaskList, except: string, step: 1 | -1): Task | undefined {
  const start = step === 1 ? 0 : list.ids.length - 1
  const first = taskAt(list, start)
  return first?.id === except ? taskAt(list, start + step) : first
}

/** Just after `task` among tasks of its order (`step` 1), or just before it (-1). */
function beside(task: Task, step: 1 | -1, floor: number): Placement {
  const order = sortKey(task)
  const next = step === 1 ? Math.max(order + 1, floor) : Math.min(order - 1, floor)
  // Past 2^53 (another client's orders) a step is lost in rounding: a rank says it instead.
  if (next !== order) return { order: next, rank: null }
  const rank = rankOf(task)
  return { order, rank: step === 1 ? rankBetween(rank, null) : rankBetween(null, rank) }
}

/** A new task's place: after the last open task of `list`. */
export function placeAfterLastOpen(list: TaskList): Placement {
  const lastOpen = taskAt(list, openCountOf(list) - 1)
  return lastOpen === undefined ? { order: 0, rank: null } : beside(lastOpen, 1, -Infinity)
}

/** Mark as done: after every other task, in the finished region. */
export function placeAtEnd(list: TaskList, id: string): Placement {
  const last = edge(list, id, -1)
  return last === undefined
    ? { order: FINISHED_ORDER_BASE, rank: null }
    : beside(last, 1, FINISHED_ORDER_BASE)
}

/** Mark as incomplete: before every other task, in the open region. */
export function placeAtTop(list: TaskList, id: string): Placement {
  const first = edge(list, id, 1)
  return first === undefined ? { order: 0, rank: null } : beside(first, -1, 0)
}

/**
 * A move: between `before` and `after`, neighbours in the list (either may be missing, at an
 * end of the region). A whole number between their orders if there is one, else the order of
 * one and a rank beside or between theirs.
 */
export function placeBetween(before: Task | undefined, after: Task | undefined): Placement {
  if (before === undefined) return after ? beside(after, -1, Infinity) : { order: 0, rank: null }
  if (after === undefined) return beside(before, 1, -Infinity)
  const [low, high] = [sortKey(before), sortKey(after)]
  const middle = Math.floor(low / 2 + high / 2)
  if (low < middle && middle < high) return { order: middle, rank: null }
  if (low < high) return { order: low, rank: rankBetween(rankOf(before), null) }
  return { order: low, rank: rankBetween(rankOf(before), rankOf(after)) }
}

/** The first index of `ids` whose task does not sort before `isBefore` says (binary search). */
function firstNotBefore(list: TaskList, ids: readonly string[], isBefore: (task: Task) => boolean) {
  let low = 0
  let high = ids.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const other = taskOf(list.table, ids[middle] ?? '')
    if (other !== undefined && isBefore(other)) low = middle + 1
    else high = middle
  }
  return low
}

/** Where `id` is in `list`, found by its task's place (the list is in order), or -1. */
function indexIn(list: TaskList, id: string): number {
  const task = taskIn(list, id)
  if (task === undefined) return -1
  const at = firstNotBefore(list, list.ids, (other) => compareTasks(other, task) < 0)
  return list.ids[at] === id ? at : list.ids.indexOf(id)
}

/** The ids of `list` without `id`, with `task` placed where its order sorts it. */
export function placed(list: TaskList, task: Task): string[] {
  // Found and placed by binary search: a click costs the same at 5,000 tasks as at 50,000.
  const ids = list.ids.slice()
  const old = indexIn(list, task.id)
  if (old >= 0) ids.splice(old, 1)
  const at = firstNotBefore(list, ids, (other) => compareTasks(other, task) <= 0)
  ids.splice(at, 0, task.id)
  return ids
}

/** The ids of `list` without `gone` (ids it holds): a few found by binary search. */
export function idsWithout(list: TaskList, gone: ReadonlySet<string>): string[] {
  if (gone.size > 16) return list.ids.filter((id) => !gone.has(id))
  const at = [...gone].map((id) => indexIn(list, id)).sort((a, b) => b - a)
  const ids = list.ids.slice()
  for (const index of at) if (index >= 0) ids.splice(index, 1)
  return ids
}

/** How many tasks of `list` are open: they come before the finished ones. */
export const openCountOf = (list: TaskList): number =>
  firstNotBefore(list, list.ids, (task) => !task.isFinished)

/** `list` with `task` (new or changed) stored and placed where its order sorts it. */
export const withPlaced = <L extends TaskList>(list: L, task: Task): L => ({
  ...list,
  table: tableWith(list.table, [task]),
  ids: placed(list, task),
})

/** The ids of every task of `table`, in list order. */
export const sortedIds = (table: TaskTable): string[] =>
  tasksOf(table)
    .sort(compareTasks)
    .map((task) => task.id)

/** Whether `a` holds every stored field of `b` unchanged (whatever fields a task has). */
const sameTask = (a: Task | undefined, b: Task) =>
  a !== undefined && (Object.keys(b) as (keyof Task)[]).every((field) => a[field] === b[field])

/**
 * The list after `changed` tasks and `removed` ids, or null when nothing changes. A few changes
 * (another device's click) are placed one by one; a whole list is sorted.
 */
export function withChanges(
  list: TaskList,
  changed: readonly Task[],
  removed: ReadonlySet<string>,
): { table: TaskTable; ids: string[] } | null {
  const changes = changed.filter((task) => !sameTask(taskIn(list, task.id), task))
  const gone = [...removed].filter((id) => taskIn(list, id) !== undefined)
  if (changes.length === 0 && gone.length === 0) return null
  const table = tableWith(list.table, changes, gone)
  if (changes.length > 16) return { table, ids: sortedIds(table) }
  // The changed tasks leave their old places first (found by their old versions): placing one
  // by binary search while another still sat at its old place, sorted by its new version, could
  // put it out of order (issue 37: a row out of place after a report of several changes).
  const out = new Set([...gone, ...changes.map(({ id }) => id).filter((id) => taskIn(list, id))])
  let ids: readonly string[] = out.size ? idsWithout(list, out) : list.ids
  for (const task of changes) {
    const next = ids.slice()
    next.splice(
      firstNotBefore({ ids, table }, ids, (o) => compareTasks(o, task) <= 0),
      0,
      task.id,
    )
    ids = next
  }
  // Always a new array here: filtered, placed or sorted.
  return { table, ids: ids as string[] }
}
