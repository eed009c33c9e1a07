import type { AppListenerEffect } from '../../../app/hooks'
import { MAX_BATCH_WRITES } from '../../../services/types'
import type { listDeleted, listRestored } from '../model/tasksSlice'

// A list's deletion and its Undo, as writes: many tasks each, in batches (listeners.ts
// registers them with the other writes).

/** Batches of a list's tasks (Firestore's limit), in order. */
const batches = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / MAX_BATCH_WRITES) }, (_, i) =>
    items.slice(i * MAX_BATCH_WRITES, (i + 1) * MAX_BATCH_WRITES),
  )

/**
 * A list's tasks go, then the list: queued on the device in that order, so a closed tab or a
 * lost connection sends the rest later, and no other device ever shows the list's tasks loose.
 */
export const writeDeletedList: AppListenerEffect<typeof listDeleted> = ({ payload }, api) => {
  const failed = (err: unknown) => {
    api.extra.logger.error('Error deleting document', err)
  }
  for (const batch of batches(payload.tasks.map(({ id }) => id))) {
    api.extra.tasks.deleteMany(batch).catch(failed)
  }
  api.extra.tasks.deleteList(payload.list.id).catch(failed)
}

/** Its Undo: the list first, then its tasks, as they were. */
export const writeRestoredList: AppListenerEffect<typeof listRestored> = ({ payload }, api) => {
  const failed = (err: unknown) => {
    api.extra.logger.error('Error adding document', err)
  }
  api.extra.tasks.addList(payload.list).catch(failed)
  for (const batch of batches(payload.tasks)) api.extra.tasks.addMany(batch).catch(failed)
}
