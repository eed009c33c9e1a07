import type { AppListenerEffect } from '../../../app/hooks'
import { accountDeletedElsewhere, authStateChanged } from '../../auth'
import { taskSaveFailed } from '../model/tasksSlice'

// docs/sync.md, "Delete account". The mark alone may be taken back (the Auth call refused): only
// once Auth confirms the account gone does a device sign out and drop what it never can send.

/** How often a device whose account is marked asks whether it is gone yet. */
export const GONE_CHECK_MS = 10_000

export const followAccountMark: AppListenerEffect<typeof authStateChanged> = async (
  action,
  api,
) => {
  const email = action.payload?.email
  // A sign-out: the follower ends by itself, not cut short while it signs the account out.
  if (!email) return
  api.cancelActiveListeners()
  const { tasks, auth, logger } = api.extra
  // Once marked, the server refuses every write: with those refused before, the changes never sent.
  let refused = Object.keys(api.getState().tasks.unsaved).length
  const counting = api.fork(async () => {
    for (;;) {
      const [failure] = await api.take(taskSaveFailed.match)
      if (failure.payload.code === 'permission-denied') refused++
    }
  })
  const mark = { set: false }
  let changed: () => void = () => undefined
  const stop = tasks.watchAccountMark(
    (set) => {
      mark.set = set
      changed()
    },
    (err) => {
      logger.warn('The account’s deletion mark cannot be followed', err)
    },
  )
  const markChanged = () => new Promise<void>((resolve) => (changed = resolve))
  const signedOut = api.take(authStateChanged.match).then(() => 'signedOut' as const)
  try {
    for (;;) {
      if (!mark.set) {
        if ((await api.pause(Promise.race([markChanged(), signedOut]))) === 'signedOut') return
      } else if (await api.pause(auth.accountGone())) {
        break
      } else {
        const next = await api.pause(
          Promise.race([api.delay(GONE_CHECK_MS), markChanged(), signedOut]),
        )
        if (next === 'signedOut') return
      }
    }
  } finally {
    stop()
  }
  await auth.signOut().catch((err: unknown) => {
    logger.error('Error during sign-out:', err)
  })
  let queued = 0
  try {
    // The instance stops first: nothing is refused after this.
    queued = await tasks.clearDevice({ dropUnsent: true })
  } catch (err) {
    logger.warn('The tasks kept on this device could not be removed', err)
  }
  counting.cancel()
  api.dispatch(accountDeletedElsewhere({ email, dropped: refused + queued }))
}
