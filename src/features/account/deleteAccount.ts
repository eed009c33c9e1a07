import { connectivityLost } from '../../app/actions'
import type { AppListenerEffect } from '../../app/listenerMiddleware'
import type { RootState } from '../../app/store'
import { selectCurrentUser, userSignedOut } from '../auth/authSlice'
import {
  accountDeleted,
  accountDeletionConfirmed,
  deletionProgressed,
  deletionStopped,
  type deletionSignInClicked,
} from './accountSlice'
import { batchesOf } from './batches'

// Delete account: every task of the person on the server, in batches, then their account; then
// they are signed out and the device keeps nothing of theirs. Nothing is deleted unless the
// server answers first; a connection lost midway stops it, saying how far it went, and trying
// again goes on from what the server still holds.

/** How long one batch of deletes may wait for the server before the connection counts as lost. */
export const BATCH_STALL_MS = 20_000

type Api = Parameters<AppListenerEffect<typeof accountDeletionConfirmed>>[1]

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code

/** Offline only while the server has not shown otherwise since the browser said so. */
const mayReachServer = ({ sync }: RootState) => sync.online || sync.serverSeen

/** The account itself, once its tasks are gone; then nothing of theirs stays here. */
async function deleteUser(api: Api, email: string) {
  const { auth, logger, session, lastUser } = api.extra
  api.dispatch(deletionProgressed({ phase: 'deletingAccount' }))
  try {
    await api.pause(auth.deleteAccount())
  } catch (err) {
    if (codeOf(err) === 'auth/requires-recent-login') {
      api.dispatch(deletionProgressed({ phase: 'signInNeeded' }))
      return
    }
    logger.error('The account could not be deleted', err)
    api.dispatch(deletionStopped('accountNotDeleted'))
    return
  }
  session.removeUserEmail()
  lastUser.set(null)
  api.dispatch(accountDeleted())
  // As after Log Out with everything saved: the device's cache of them goes.
  api.dispatch(userSignedOut({ email, unsavedLeft: false }))
}

export const deleteAccount: AppListenerEffect<typeof accountDeletionConfirmed> = async (
  _action,
  api,
) => {
  const { tasks, auth } = api.extra
  const email = selectCurrentUser(api.getState())?.email
  if (!email) return
  if (!mayReachServer(api.getState())) {
    api.dispatch(deletionStopped('offline'))
    return
  }
  let ids: string[]
  let recent: boolean
  try {
    ids = await api.pause(tasks.idsOnServer(email))
    recent = await api.pause(auth.signedInRecently())
  } catch {
    api.dispatch(deletionStopped('offline'))
    return
  }
  // The provider wants a recent sign-in: asked now, before anything is deleted.
  if (!recent) {
    api.dispatch(deletionProgressed({ phase: 'signInNeeded', deleted: 0, total: ids.length }))
    return
  }
  api.dispatch(deletionProgressed({ phase: 'deletingTasks', deleted: 0, total: ids.length }))
  let deleted = 0
  for (const batch of batchesOf(ids)) {
    const lost = api.condition(connectivityLost.match, BATCH_STALL_MS).then(() => false)
    const done = await api.pause(
      Promise.race([tasks.deleteMany(batch).then(() => true), lost]).catch(() => false),
    )
    if (!done) {
      api.dispatch(deletionStopped('connectionLost'))
      return
    }
    deleted += batch.length
    api.dispatch(deletionProgressed({ deleted }))
  }
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
  const { deleted, total } = api.getState().account?.deletion ?? { deleted: 0, total: 0 }
  const email = selectCurrentUser(api.getState())?.email
  // Tasks already deleted: only the account is left.
  if (email && total > 0 && deleted === total) await deleteUser(api, email)
  else api.dispatch(accountDeletionConfirmed())
}
