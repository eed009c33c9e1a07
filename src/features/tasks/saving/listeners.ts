import { appStarted } from '../../../app/actions'
import type { AppListenerEffect, AppStartListening } from '../../../app/listenerMiddleware'
import { tasksSnapshotReceived } from '../model/tasksSlice'
import { persistenceFound, writesSlowed } from './syncSlice'

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
