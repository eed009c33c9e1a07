import type { Task, TaskUpdate } from '../../../services/types'
import { withChanges, type TaskList } from './ordering'
import type { Unsaved } from '../saving/unsaved'

/** Skips this page's own newer clicks; keeps the server's word on refused changes, for Discard. */
export function applySnapshot(
  list: TaskList & { unsaved: Readonly<Record<string, Unsaved>> },
  updates: readonly TaskUpdate[],
) {
  const changed = new Map<string, Task>()
  const removed = new Set<string>()
  let unsaved: Record<string, Unsaved> | null = null
  for (const update of updates) {
    const id = update.kind === 'changed' ? update.task.id : update.id
    if (update.pendingHere) continue
    const entry = list.unsaved[id]
    if (entry !== undefined) {
      unsaved ??= { ...list.unsaved }
      unsaved[id] = { ...entry, server: update.kind === 'changed' ? update.task : 'removed' }
    } else if (update.kind === 'removed') {
      changed.delete(id)
      removed.add(id)
    } else {
      removed.delete(id)
      changed.set(id, update.task)
    }
  }
  return { ...withChanges(list, [...changed.values()], removed), ...(unsaved && { unsaved }) }
}
