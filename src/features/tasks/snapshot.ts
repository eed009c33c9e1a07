import type { Task, TaskUpdate } from '../../services/types'
import { placed, sortedIds, taskIn, type TaskList } from './ordering'

/** Whether `a` holds every stored field of `b` unchanged (whatever fields a task has). */
const sameTask = (a: Task | undefined, b: Task) =>
  a !== undefined && (Object.keys(b) as (keyof Task)[]).every((field) => a[field] === b[field])

/**
 * The list after the live query's `updates`, or null when nothing changes: all but the page's
 * own newer clicks (`pendingHere`) and the rows a refused write `held` as the person left them.
 */
export function applySnapshot(
  list: TaskList & { held: Readonly<Record<string, true>> },
  updates: readonly TaskUpdate[],
): { entities: Record<string, Task>; ids: string[] } | null {
  const changed: Task[] = []
  const removed = new Set<string>()
  for (const update of updates) {
    const id = update.kind === 'changed' ? update.task.id : update.id
    if (update.pendingHere || list.held[id]) continue
    if (update.kind === 'removed') {
      if (taskIn(list, id) !== undefined) removed.add(id)
    } else if (!sameTask(taskIn(list, id), update.task)) changed.push(Object.freeze(update.task))
  }
  if (changed.length === 0 && removed.size === 0) return null
  const entities = { ...list.entities }
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- our own copy
  for (const id of removed) delete entities[id]
  for (const task of changed) entities[task.id] = task
  // A few changes (another device's click) are placed one by one; a whole list is sorted.
  let ids: readonly string[] = removed.size ? list.ids.filter((id) => !removed.has(id)) : list.ids
  if (changed.length <= 16) for (const task of changed) ids = placed({ ids, entities }, task)
  else ids = sortedIds(entities)
  // Always a new array here: filtered, placed or sorted.
  return { entities, ids: ids as string[] }
}
