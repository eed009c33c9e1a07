import { appStarted } from '../../../app/hooks'
import type { AppListenerEffect, AppStartListening } from '../../../app/hooks'
import { tasksSnapshotReceived } from '../model/tasksSlice'
import {
  changesHeldInMemory,
  changesHeldLong,
  changesOnDisk,
  persistenceFound,
  writesSlowed,
} from './syncSlice'
import type { TaskRepository } from '../../../services/types'

export const SLOW_WRITE_MS = 1000

/** The usual write is done long before a second. */
const noticeSlowWrites: AppListenerEffect<typeof tasksSnapshotReceived> = async (action, api) => {
  if (!action.payload.hasPendingWrites) {
    api.cancelActiveListeners()
    return
  }
  // Timed from the first change waiting, not from each one after it.
  if (api.getOriginalState().sync.pending) return
  await api.delay(SLOW_WRITE_MS)
  if (api.getState().sync.pending) api.dispatch(writesSlowed())
}

/** How long a change may be in the page's memory alone before the line says 'Saving…'. */
export const IN_MEMORY_MS = 500

/** The repository says when a change is in the page's memory alone, and when all are on disk. */
const followChangesInMemory: AppListenerEffect<typeof appStarted> = (_action, api) => {
  api.unsubscribe()
  api.extra.tasks.watchChangesInMemory((inMemory) => {
    api.dispatch(inMemory ? changesHeldInMemory() : changesOnDisk())
  })
}

/** Usually on disk within a few tens of milliseconds; on a busy machine, seconds later. */
const noticeChangesHeldLong: AppListenerEffect<typeof changesHeldInMemory> = async (
  _action,
  api,
) => {
  api.cancelActiveListeners()
  await api.delay(IN_MEMORY_MS)
  if (api.getState().sync.inMemory) api.dispatch(changesHeldLong())
}

/** Some private windows cannot keep anything. */
const checkPersistence: AppListenerEffect<typeof appStarted> = async (_action, api) => {
  api.unsubscribe()
  api.dispatch(persistenceFound(await api.extra.tasks.persistence()))
}

export function addSyncListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: tasksSnapshotReceived, effect: noticeSlowWrites })
  startAppListening({ actionCreator: appStarted, effect: checkPersistence })
  startAppListening({ actionCreator: appStarted, effect: followChangesInMemory })
  startAppListening({ actionCreator: changesHeldInMemory, effect: noticeChangesHeldLong })
}

/** Asks before leaving while a change is in memory alone (not yet on disk), as Google Docs does. */
export function guardLeaving(
  tasks: Pick<TaskRepository, 'changesOnlyInMemory'>,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const beforeUnload = (event: BeforeUnloadEvent) => {
    if (tasks.changesOnlyInMemory()) event.preventDefault()
  }
  target.addEventListener('beforeunload', beforeUnload)
  return () => {
    target.removeEventListener('beforeunload', beforeUnload)
  }
}
