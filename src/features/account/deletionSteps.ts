import { connectivityLost, type connectivityRestored } from '../../app/hooks'
import type { AppListenerEffect } from '../../app/hooks'
import {
  accountDeleted,
  accountDeletionConfirmed,
  deletionRecounted,
  deletionStopped,
  selectDeletion,
  type deletionClosed,
  type deletionSignInClicked,
} from './accountSlice'
import { selectCurrentUser, userSignedOut } from '../auth'
import { selectServerMayAnswer } from '../tasks'

// What every step of Delete account shares (deleteAccount.ts): how long the server may stay
// silent, how a stopped deletion ends, in words that match what the server holds, and how a
// finished one signs out; and the dialog's other ways on (Sign in again, Close when closed).

/** How long the server may leave a step unanswered before the connection counts as lost. */
export const STALL_MS = 60_000
export type Api = Parameters<AppListenerEffect<typeof accountDeletionConfirmed>>[1]
export const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code

export const mayReachServer = selectServerMayAnswer

/** How long an answer on its way may still come once the browser says it is offline. */
export const CUT_GRACE_MS = 5000

/**
 * `work`'s result; null if the server is silent for STALL_MS, or the browser goes offline and no
 * answer comes within CUT_GRACE_MS (a request sent just before often answers, or fails, at once).
 */
export async function answered<T>(api: Api, work: Promise<T>): Promise<{ value: T } | null> {
  const result = work.then((value) => ({ value }))
  const cut = api.condition(connectivityLost.match, STALL_MS).then(async (offline) => {
    if (!offline) return null
    const late = new Promise<null>((resolve) => setTimeout(resolve, CUT_GRACE_MS, null))
    return Promise.race([result, late])
  })
  return api.pause(Promise.race([result, cut]))
}

/**
 * The deletion stops here: the connection went (or was not there before it began). Once begun,
 * it is stopped on the server too, now or as soon as the server can be reached while the page
 * lives (else it lapses there within 10 minutes): the account saves again.
 */
export function lost(api: Api, begun: boolean) {
  if (begun) {
    api.extra.tasks.stopDeletion().catch((err: unknown) => {
      api.extra.logger.warn('The deletion could not be stopped yet: it is tried again', err)
    })
  }
  // Nothing sent: nothing can have been deleted.
  const offline = !begun && !mayReachServer(api.getState())
  api.dispatch(deletionStopped(offline ? 'offline' : 'connectionLost'))
}

/** Whether the server says this account is closed: the last step landed, its answer lost. */
async function closedOnServer(api: Api): Promise<boolean> {
  const standing = await answered(api, api.extra.tasks.standing()).catch(() => null)
  return standing?.value.kind === 'closed'
}

/**
 * A stopped step's answer was lost: once back, the server's count says what went, and, when
 * that step was the last, whether it closed the account (then only the Auth call is left).
 */
export const recountUnsure: AppListenerEffect<typeof connectivityRestored> = async (
  _action,
  api,
) => {
  const { phase, unsure } = selectDeletion(api.getState())
  const email = selectCurrentUser(api.getState())?.email
  if (phase !== 'stopped' || unsure === 0 || !email) return
  const left = await answered(api, api.extra.tasks.countOnServer(email)).catch(() => null)
  if (!left) return
  api.dispatch(deletionRecounted(left.value))
  if (left.value === 0 && (await closedOnServer(api))) {
    api.dispatch(deletionStopped('accountUncertain'))
  }
}

/**
 * Deleted: signed out, and nothing of theirs stays on this device. Not `accountGone`: its tasks
 * went and its sessions were closed, but the Auth account's deletion did not finish.
 */
export async function finished(api: Api, email: string, accountGone = true) {
  const { auth, session, lastUser } = api.extra
  // Deleting the user signs them out; an account found gone signs nobody out.
  if (auth.hasCurrentUser()) await auth.signOut().catch(() => undefined)
  session.removeUserEmail()
  lastUser.set(null)
  api.dispatch(accountDeleted({ accountGone }))
  // As after Log Out: the cache goes, with whatever of theirs is queued (it can never be sent).
  api.dispatch(userSignedOut({ email, unsavedLeft: false, accountDeleted: true }))
}

/** Closed with its account's deletion unfinished: this session can do nothing more here. */
export const leaveClosedAccount: AppListenerEffect<typeof deletionClosed> = async (
  _action,
  api,
) => {
  const { problem, unsure } = selectDeletion(api.getOriginalState())
  const email = selectCurrentUser(api.getState())?.email
  if (!email) return
  const closed =
    problem === 'accountNotDeleted' ||
    problem === 'accountUncertain' ||
    // A last step whose answer was lost may have closed the account: this session can do nothing.
    (unsure > 0 && (await closedOnServer(api)))
  if (closed) await finished(api, email, false)
}

/** 'Sign in again': the popup, then the deletion from where it is. */
export const signInAgain: AppListenerEffect<typeof deletionSignInClicked> = async (
  _action,
  api,
) => {
  try {
    await api.pause(api.extra.auth.reauthenticate())
  } catch (err) {
    api.extra.logger.error('Error during sign-in:', err)
    const other = codeOf(err) === 'auth/user-mismatch'
    api.dispatch(deletionStopped(other ? 'signInOtherAccount' : 'signInFailed'))
    return
  }
  api.dispatch(accountDeletionConfirmed())
}
