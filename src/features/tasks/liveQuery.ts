import type { AppListenerEffect } from '../../app/listenerMiddleware'
import { backoffDelay } from '../../lib/backoff'
import type { authStateChanged } from '../auth/authSlice'
import {
  tasksCleared,
  tasksLoadFailed,
  tasksLoadStarted,
  tasksSnapshotReceived,
} from './tasksSlice'

/** Logged when the live query fails (the person sees "cannot be reached" until it is back). */
export const LOAD_FAILURE_MESSAGE = 'Error loading tasks'

/**
 * The signed-in user's tasks, live: one query (`email ==` theirs) whose every change, made here,
 * in another tab or on another device, comes to the list. It runs until the next sign-in
 * change; a query that fails (rules, a revoked session) is asked again after the backoff.
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
  for (let attempt = 1; ; attempt++) {
    let stop: () => void = () => undefined
    try {
      await api.pause(
        new Promise<never>((_resolve, reject) => {
          stop = api.extra.tasks.watch(
            email,
            (snapshot) => api.dispatch(tasksSnapshotReceived({ email, ...snapshot })),
            reject,
          )
        }),
      )
    } catch (err) {
      if (api.signal.aborted) return
      api.extra.logger.error(LOAD_FAILURE_MESSAGE, err)
      api.dispatch(tasksLoadFailed({ email }))
    } finally {
      stop()
    }
    await api.delay(backoffDelay(attempt))
  }
}
