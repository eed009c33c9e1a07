import type { Task, TaskUpdate } from '../../services/types'
import { placed, sortedIds, taskIn, type TaskList } from './ordering'

/** What the server last said of a task a refusal holds: its version, removed, or nothing yet. */
export type ServerVersion = Task | 'removed' | null

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
): { entities: Record<string, Task>; ids: string[] } | null {
  const changes = changed.filter((task) => !sameTask(taskIn(list, task.id), task))
  const gone = [...removed].filter((id) => taskIn(list, id) !== undefined)
  if (changes.length === 0 && gone.length === 0) return null
  const entities = { ...list.entities }
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- our own copy
  for (const id of gone) delete entities[id]
  for (const task of changes) entities[task.id] = Object.freeze(task)
  let ids: readonly string[] = gone.length ? list.ids.filter((id) => !removed.has(id)) : list.ids
  if (changes.length <= 16) for (const task of changes) ids = placed({ ids, entities }, task)
  else ids = sortedIds(entities)
  // Always a new array here: filtered, placed or sorted.
  return { entities, ids: ids as string[] }
}

/**
 * The live query's `updates` applied: all but the page's own newer clicks (`pendingHere`); for
 * the tasks a refused write holds as the person left them, the server's word is kept for later.
 */
export function applySnapshot(
  list: TaskList & { held: Readonly<Record<string, ServerVersion>> },
  updates: readonly TaskUpdate[],
) {
  const changed = new Map<string, Task>()
  const removed = new Set<string>()
  let held: Record<string, ServerVersion> | null = null
  for (const update of updates) {
    const id = update.kind === 'changed' ? update.task.id : update.id
    if (update.pendingHere) continue
    if (Object.hasOwn(list.held, id)) {
      held ??= { ...list.held }
      held[id] = update.kind === 'changed' ? update.task : 'removed'
    } else if (update.kind === 'removed') {
      changed.delete(id)
      removed.add(id)
    } else {
      removed.delete(id)
      changed.set(id, update.task)
    }
  }
  return { ...withChanges(list, [...changed.values()], removed), ...(held && { held }) }
}
