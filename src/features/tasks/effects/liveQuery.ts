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

/** Logged when the live query fails (the person sees "cannot be reached" until it is back). */
export const LOAD_FAILURE_MESSAGE = 'Error loading tasks'

/** How long the list may take before the page offers Retry. */
export const LIST_LATE_MS = 15_000

/**
 * The signed-in user's tasks, live: one query (`email ==` theirs) whose every change, made here,
 * in another tab or on another device, comes to the list. It runs until the next sign-in
 * change; a query that fails (rules, a revoked session) is asked again after the backoff, and
 * at once on Retry, on a new connection (an answer can be lost on the way and never come).
 */
export const followTasks: AppListenerEffect<typeof authStateChanged> = async (action, api) => {
  // A newer report supersedes this one: its query stops (the `finally` below).
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
    // A failed query is asked again after the backoff; on Retry at once, on a new connection.
    retried ||= await api.pause(
      Promise.race([api.delay(backoffDelay(attempt)).then(() => false), retryChanges()]),
    )
    if (retried) {
      attempt = 0
      await api.pause(api.extra.tasks.reconnect())
    }
  }
}
