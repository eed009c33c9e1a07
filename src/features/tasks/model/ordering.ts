import type { Task } from '../../../services/types'
import { compareRanks, rankBetween, rankOf } from './ranks'
import { tableWith, taskOf, tasksOf, type TaskTable } from './taskTable'

// Open tasks take whole orders below FINISHED_ORDER_BASE, finished ones from it up (so versions
// that sorted by order alone agree); ties go to `rank`, then id. A move is always one write.

/** 2^40: a trillion steps per region, far below 2^53 where doubles stop being exact. */
export const FINISHED_ORDER_BASE = 2 ** 40

/** Where the original app's order-less documents sort: mid-region, so there is room around them. */
const UNORDERED_OFFSET = 2 ** 39

export const sortKey = (task: Task): number =>
  task.order ?? (task.isFinished ? FINISHED_ORDER_BASE : 0) + UNORDERED_OFFSET

export const compareTasks = (a: Task, b: Task): number =>
  Number(a.isFinished) - Number(b.isFinished) || sortKey(a) - sortKey(b) || compareRanks(a, b)

export interface Placement {
  order: number
  rank: string | null
}

export interface TaskList {
  readonly ids: readonly string[]
  readonly table: TaskTable
}

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

export function placeAfterLastOpen(list: TaskList): Placement {
  const lastOpen = taskAt(list, openCountOf(list) - 1)
  return lastOpen === undefined ? { order: 0, rank: null } : beside(lastOpen, 1, -Infinity)
}

export function placeAtEnd(list: TaskList, id: string): Placement {
  const last = edge(list, id, -1)
  return last === undefined
    ? { order: FINISHED_ORDER_BASE, rank: null }
    : beside(last, 1, FINISHED_ORDER_BASE)
}

export function placeAtTop(list: TaskList, id: string): Placement {
  const first = edge(list, id, 1)
  return first === undefined ? { order: 0, rank: null } : beside(first, -1, 0)
}

/** A move between neighbours `before` and `after` (either missing at a region's end). */
export function placeBetween(before: Task | undefined, after: Task | undefined): Placement {
  if (before === undefined) return after ? beside(after, -1, Infinity) : { order: 0, rank: null }
  if (after === undefined) return beside(before, 1, -Infinity)
  const [low, high] = [sortKey(before), sortKey(after)]
  const middle = Math.floor(low / 2 + high / 2)
  if (low < middle && middle < high) return { order: middle, rank: null }
  if (low < high) return { order: low, rank: rankBetween(rankOf(before), null) }
  return { order: low, rank: rankBetween(rankOf(before), rankOf(after)) }
}

/** Binary search: the first index of `ids` whose task is not `isBefore`. */
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

function indexIn(list: TaskList, id: string): number {
  const task = taskIn(list, id)
  if (task === undefined) return -1
  const at = firstNotBefore(list, list.ids, (other) => compareTasks(other, task) < 0)
  return list.ids[at] === id ? at : list.ids.indexOf(id)
}

/** Placed by binary search: a click costs the same at 5,000 tasks as at 50,000. */
export function placed(list: TaskList, task: Task): string[] {
  const ids = list.ids.slice()
  const old = indexIn(list, task.id)
  if (old >= 0) ids.splice(old, 1)
  const at = firstNotBefore(list, ids, (other) => compareTasks(other, task) <= 0)
  ids.splice(at, 0, task.id)
  return ids
}

export function idsWithout(list: TaskList, gone: ReadonlySet<string>): string[] {
  if (gone.size > 16) return list.ids.filter((id) => !gone.has(id))
  const at = [...gone].map((id) => indexIn(list, id)).sort((a, b) => b - a)
  const ids = list.ids.slice()
  for (const index of at) if (index >= 0) ids.splice(index, 1)
  return ids
}

export const openCountOf = (list: TaskList): number =>
  firstNotBefore(list, list.ids, (task) => !task.isFinished)

export const withPlaced = <L extends TaskList>(list: L, task: Task): L => ({
  ...list,
  table: tableWith(list.table, [task]),
  ids: placed(list, task),
})

export const sortedIds = (table: TaskTable): string[] =>
  tasksOf(table)
    .sort(compareTasks)
    .map((task) => task.id)

const sameTask = (a: Task | undefined, b: Task) =>
  a !== undefined && (Object.keys(b) as (keyof Task)[]).every((field) => a[field] === b[field])

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
  // All changed tasks leave their old places first: one still there would break the binary search.
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
  return { table, ids: ids as string[] }
}
