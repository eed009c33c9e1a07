import { appStarted } from '../../../app/hooks'
import type { AppListenerEffect, AppStartListening } from '../../../app/hooks'
import { tasksSnapshotReceived } from '../model/tasksSlice'
import { persistenceFound, writesSlowed } from './syncSlice'
import type { TaskRepository } from '../../../services/types'

/** Changes this slow are worth a word ("Saving…"); faster ones go unmentioned. */
export const SLOW_WRITE_MS = 1000

/** "Saving…" only once changes have waited a second: the usual write is done long before. */
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

/** Whether this browser can keep the tasks and unsent changes (some private windows cannot). */
const checkPersistence: AppListenerEffect<typeof appStarted> = async (_action, api) => {
  api.unsubscribe()
  api.dispatch(persistenceFound(await api.extra.tasks.persistence()))
}

export function addSyncListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: tasksSnapshotReceived, effect: noticeSlowWrites })
  startAppListening({ actionCreator: appStarted, effect: checkPersistence })
}

/**
 * While a change shown on screen is held in the page's memory only (the SDK has not put it on
 * the device's disk yet: a few milliseconds, or with no disk until the server has it), closing
 * or leaving the page asks first, with the browser's own dialog, as Google Docs does. Never
 * once everything is safe on the device, offline included.
 */
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
