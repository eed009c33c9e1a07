import type { AppListenerEffect } from '../../../app/hooks'
import { backoffDelay } from '../../../lib/helpers'
import type { authStateChanged } from '../../auth'
import {
  tasksCleared,
  tasksLoadFailed,
  tasksLoadLate,
  tasksLoadRetried,
  tasksLoadStarted,
  tasksSnapshotReceived,
} from '../model/tasksSlice'

/** Logged; the person sees "cannot be reached" until it is back. */
export const LOAD_FAILURE_MESSAGE = 'Error loading tasks'
export const LIST_LATE_MS = 15_000

/** One live query (`email ==` theirs) until the next sign-in change. */
export const followTasks: AppListenerEffect<typeof authStateChanged> = async (action, api) => {
  api.cancelActiveListeners()
  const email = action.payload?.email
  if (!email) {
    api.dispatch(tasksCleared())
    return
  }
  api.dispatch(tasksLoadStarted({ email }))
  const retryChanges = () => api.take(tasksLoadRetried.match).then(() => true)
  for (let attempt = 1; ; attempt++) {
    const late = api.fork(async (fork) => {
      await fork.delay(LIST_LATE_MS)
      api.dispatch(tasksLoadLate({ email }))
    })
    let stop: () => void = () => undefined
    let retried = false
    try {
      await api.pause(
        Promise.race([
          new Promise<never>((_resolve, reject) => {
            stop = api.extra.tasks.watch(
              email,
              (snapshot) => api.dispatch(tasksSnapshotReceived({ email, ...snapshot })),
              reject,
            )
          }),
          retryChanges().then(() => (retried = true)),
        ]),
      )
    } catch (err) {
      if (api.signal.aborted) return
      api.extra.logger.error(LOAD_FAILURE_MESSAGE, err)
      api.dispatch(tasksLoadFailed({ email }))
    } finally {
      late.cancel()
      stop()
    }
    // On Retry at once, on a new connection: an answer can be lost on the way and never come.
    retried ||= await api.pause(
      Promise.race([api.delay(backoffDelay(attempt)).then(() => false), retryChanges()]),
    )
    if (retried) {
      attempt = 0
      await api.pause(api.extra.tasks.reconnect())
    }
  }
}
