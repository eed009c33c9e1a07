import { connectivityLost } from '../../app/hooks'
import type { AppListenerEffect } from '../../app/hooks'
import type { RootState } from '../../app/store'
import { selectCurrentUser, userSignedOut } from '../auth'
import {
  accountDeleted,
  accountDeletionConfirmed,
  deletionProgressed,
  deletionStopped,
  selectDeletion,
  type deletionSignInClicked,
} from './accountSlice'
import { MAX_BATCH_WRITES } from '../../services/types'

// Delete account, all or nothing (docs/sync.md, "Delete account").

/** How long the server may leave a step unanswered before the connection counts as lost. */
export const STALL_MS = 60_000
type Api = Parameters<AppListenerEffect<typeof accountDeletionConfirmed>>[1]
const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code
/** Offline only while the server has not shown otherwise since the browser said so. */
const mayReachServer = ({ sync }: RootState) => sync.online || sync.serverSeen
/** Auth's answers that leave it unknown whether the account went. */
const UNANSWERED = new Set(['auth/network-request-failed', 'auth/internal-error', 'auth/timeout'])
/** `work`'s result; null if the browser goes offline or the server is silent for STALL_MS. */
async function answered<T>(api: Api, work: Promise<T>): Promise<{ value: T } | null> {
  const lost = api.condition(connectivityLost.match, STALL_MS).then(() => null)
  return api.pause(Promise.race([work.then((value) => ({ value })), lost]))
}

/** The deletion stops here: the connection went (or was not there before any delete). */
function lost(api: Api) {
  // Nothing counted yet, so no delete sent: nothing can land later either.
  const offline = selectDeletion(api.getState()).total === 0 && !mayReachServer(api.getState())
  api.dispatch(deletionStopped(offline ? 'offline' : 'connectionLost'))
}

/** How many tasks the server holds (so many left of the total); null when not answered. */
async function countLeft(api: Api, email: string): Promise<number | null> {
  const left = await answered(api, api.extra.tasks.countOnServer(email)).catch(() => null)
  if (!left) return null
  const { deleted, total } = selectDeletion(api.getState())
  const found = Math.max(total, deleted + left.value)
  api.dispatch(deletionProgressed({ deleted: found - left.value, total: found }))
  return left.value
}

/** Deletes `email`'s tasks until the server counts none (a device may add one meanwhile). */
async function deleteEveryTask(api: Api, email: string): Promise<boolean> {
  const { tasks } = api.extra
  for (let unseen = 0; ;) {
    const left = await countLeft(api, email)
    if (left === null) return false
    if (left === 0) return true
    api.dispatch(deletionProgressed({ phase: 'deletingTasks' }))
    const ids = await answered(api, tasks.idsOnServer(email, MAX_BATCH_WRITES)).catch(() => null)
    if (!ids) return false
    if (ids.value.length === 0) {
      // Hidden by another tab's deletes on their way; after a few rounds, a try again's.
      if (++unseen === 3 || !(await api.pause(tasks.allSaved(STALL_MS)))) return false
      continue
    }
    const done = await answered(api, tasks.deleteMany(ids.value)).catch(() => null)
    if (!done) return false
  }
}

/** The deletion did not happen: the account must be able to save again. */
function unmark(api: Api) {
  api.extra.tasks.unmarkAccountDeleted().catch((err: unknown) => {
    api.extra.logger.error('The account’s deletion mark could not be taken back', err)
  })
}

async function deleteUser(api: Api, email: string) {
  const { auth, logger } = api.extra
  try {
    await api.pause(auth.deleteAccount())
  } catch (err) {
    const code = codeOf(err)
    // Gone or not, nobody knows: the mark stays until a try again settles it.
    if (typeof code === 'string' && UNANSWERED.has(code)) {
      logger.error('The account could not be deleted', err)
      api.dispatch(deletionStopped('accountUncertain'))
      return
    }
    unmark(api)
    if (code === 'auth/requires-recent-login') {
      api.dispatch(deletionProgressed({ phase: 'signInNeeded' }))
      return
    }
    logger.error('The account could not be deleted', err)
    api.dispatch(deletionStopped('accountNotDeleted'))
    return
  }
  await finished(api, email)
}

/** Deleted: signed out, and nothing of theirs stays on this device. */
async function finished(api: Api, email: string) {
  const { auth, session, lastUser } = api.extra
  // Deleting the user signs them out; an account found gone signs nobody out.
  if (auth.hasCurrentUser()) await auth.signOut().catch(() => undefined)
  session.removeUserEmail()
  lastUser.set(null)
  api.dispatch(accountDeleted())
  // As after Log Out: the cache goes, with whatever of theirs is queued (it can never be sent).
  api.dispatch(userSignedOut({ email, unsavedLeft: false, accountDeleted: true }))
}

export const deleteAccount: AppListenerEffect<typeof accountDeletionConfirmed> = async (
  _action,
  api,
) => {
  const { tasks, auth } = api.extra
  // Why the last try stopped, if this is a try again (read before anything is awaited).
  const lastProblem = selectDeletion(api.getOriginalState()).problem
  const email = selectCurrentUser(api.getState())?.email
  if (!email) return
  if (!mayReachServer(api.getState())) {
    lost(api)
    return
  }
  // The last try's account call went unanswered: it may have gone through.
  if (lastProblem === 'accountUncertain' && (await api.pause(auth.accountGone()))) {
    await finished(api, email)
    return
  }
  let recent: boolean
  try {
    recent = await api.pause(auth.signedInRecently())
  } catch {
    lost(api)
    return
  }
  // The provider wants a recent sign-in: asked now, before anything (more) is deleted.
  if (!recent) {
    api.dispatch(deletionProgressed({ phase: 'signInNeeded' }))
    return
  }
  // A try again: on a new connection, not after the SDK's backoff (up to a minute).
  if (lastProblem !== null) await api.pause(tasks.reconnect()).catch(() => undefined)
  // Own changes first: a queued delete would hide its task from idsOnServer, still on the server.
  if (!(await answered(api, tasks.allSaved(STALL_MS)))?.value) {
    lost(api)
    return
  }
  if (!(await deleteEveryTask(api, email))) {
    lost(api)
    return
  }
  api.dispatch(deletionProgressed({ phase: 'deletingAccount' }))
  let marked: boolean
  try {
    marked = (await answered(api, tasks.markAccountDeleted())) !== null
  } catch (err) {
    api.extra.logger.error('The account could not be marked deleted', err)
    api.dispatch(deletionStopped('accountNotDeleted'))
    return
  }
  // A task stored before the mark reached the server is deleted now; none can be after it.
  if (!marked || !(await deleteEveryTask(api, email))) {
    unmark(api)
    lost(api)
    return
  }
  api.dispatch(deletionProgressed({ phase: 'deletingAccount' }))
  await deleteUser(api, email)
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
