import { appStarted } from '../../../app/hooks'
import type { AppListenerEffect, AppStartListening } from '../../../app/hooks'
import { tasksSnapshotReceived } from '../model/tasksSlice'
import { persistenceFound, writesSlowed } from './syncSlice'
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

/** Some private windows cannot keep anything. */
const checkPersistence: AppListenerEffect<typeof appStarted> = async (_action, api) => {
  api.unsubscribe()
  api.dispatch(persistenceFound(await api.extra.tasks.persistence()))
}

export function addSyncListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: tasksSnapshotReceived, effect: noticeSlowWrites })
  startAppListening({ actionCreator: appStarted, effect: checkPersistence })
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
