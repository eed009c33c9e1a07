import type { AppListenerEffect } from '../../app/listenerMiddleware'
import { accountDeletedElsewhere, type authStateChanged } from '../auth/authSlice'

// An account deleted on another device (docs/sync.md, "Delete account"): that device marks it
// before the Auth call, and the server then refuses every task write of it. Each other device
// follows the mark; once the identity service confirms the account is gone (the mark alone
// may be taken back, when the Auth call refused), it signs out, drops what it has not sent
// (it can never be sent) and says so. An offline device does the same once it is back.

/** How often a device whose account is marked asks whether the account is gone yet. */
export const GONE_CHECK_MS = 10_000

export const followAccountMark: AppListenerEffect<typeof authStateChanged> = async (
  action,
  api,
) => {
  // Each sign-in state follows its own account; a sign-out, none.
  api.cancelActiveListeners()
  const email = action.payload?.email
  if (!email) return
  const { tasks, auth, logger } = api.extra
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
  try {
    for (;;) {
      if (!mark.set) await api.pause(markChanged())
      else if (await api.pause(auth.accountGone())) break
      else await api.pause(Promise.race([api.delay(GONE_CHECK_MS), markChanged()]))
    }
  } finally {
    stop()
  }
  // From here on it runs to its end (the sign-out below starts a new sign-in state).
  const refused = Object.keys(api.getState().tasks.unsaved).length
  await auth.signOut().catch((err: unknown) => {
    logger.error('Error during sign-out:', err)
  })
  let queued = 0
  try {
    queued = await tasks.clearDevice({ dropUnsent: true })
  } catch (err) {
    logger.warn('The tasks kept on this device could not be removed', err)
  }
  api.dispatch(accountDeletedElsewhere({ email, dropped: refused + queued }))
}
