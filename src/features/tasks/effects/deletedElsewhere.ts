import type { AppListenerEffect } from '../../../app/hooks'
import { accountDeletedElsewhere, authStateChanged } from '../../auth'
import { ACCOUNT_CLOSING, type AccountStanding } from '../../../services/types'
import { retryChanges } from '../model/commands'
import { taskSaveFailed } from '../model/tasksSlice'
import { accountStandingChanged } from '../saving/syncSlice'

// docs/sync.md, "Delete account". Another device deleting the account: while it deletes the
// tasks, this one's adds and changes wait (the server refuses them; they are sent again if it
// stops); once it closes the account, this session can do nothing more, so it signs out at once,
// dropping what it never can send.

/** How long the Auth call that follows the closing may take to be seen, for the words only. */
const GONE_WITHIN_MS = 1200
const GONE_LOOK_MS = 250

/** Refused while it closed: told apart by the adapter, or not yet (their news came first). */
const refusedWhileClosing = (code: string | undefined) =>
  code === ACCOUNT_CLOSING || code === 'permission-denied'
const waitingWrites = (unsaved: Record<string, { code: string }>) =>
  Object.keys(unsaved).filter((id) => refusedWhileClosing(unsaved[id]?.code))

export const followAccountStanding: AppListenerEffect<typeof authStateChanged> = async (
  action,
  api,
) => {
  const email = action.payload?.email
  // A sign-out: the follower ends by itself, not cut short while it signs the account out.
  if (!email) return
  api.cancelActiveListeners()
  const { tasks, auth, logger } = api.extra
  // Refused since the account began to close: with those refused before, never sent.
  let refused = Object.keys(api.getState().tasks.unsaved).length
  const counting = api.fork(async () => {
    for (;;) {
      const [failure] = await api.take(taskSaveFailed.match)
      if (refusedWhileClosing(failure.payload.code)) refused++
    }
  })
  let kind: AccountStanding['kind'] = 'open'
  let closed: () => void = () => undefined
  const whenClosed = new Promise<'closed'>((resolve) => {
    closed = () => {
      resolve('closed')
    }
  })
  const stop = tasks.watchStanding(
    (standing) => {
      // This page's own deletion: its dialog says how it goes.
      if (standing.kind !== 'open' && standing.here) return
      // A deletion that stopped or lapsed: what waited is sent now.
      if (kind === 'closing' && standing.kind === 'open') {
        api.dispatch(retryChanges(waitingWrites(api.getState().tasks.unsaved)))
      }
      kind = standing.kind
      api.dispatch(accountStandingChanged(standing.kind === 'closing'))
      if (standing.kind === 'closed') closed()
    },
    (err) => {
      logger.warn('The account’s deletion cannot be followed', err)
    },
  )
  const signedOut = api.take(authStateChanged.match).then(() => 'signedOut' as const)
  try {
    if ((await api.pause(Promise.race([whenClosed, signedOut]))) === 'signedOut') return
  } finally {
    stop()
  }
  // Closed: this session is refused everything. Gone too, as a rule, a moment later. The
  // device's copy goes meanwhile, so the sign-out follows the closing within the look's time.
  const clearing = tasks.clearDevice({ dropUnsent: true }).catch((err: unknown) => {
    logger.warn('The tasks kept on this device could not be removed', err)
    return 0
  })
  const lookedUntil = Date.now() + GONE_WITHIN_MS
  let gone = await auth.accountGone()
  while (!gone && Date.now() < lookedUntil) {
    await api.delay(GONE_LOOK_MS)
    gone = await auth.accountGone()
  }
  await auth.signOut().catch((err: unknown) => {
    logger.error('Error during sign-out:', err)
  })
  // The instance stopped first: nothing is refused after this.
  const queued = await clearing
  counting.cancel()
  api.dispatch(accountDeletedElsewhere({ email, dropped: refused + queued, gone }))
}
