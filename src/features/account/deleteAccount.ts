import type { AppListenerEffect } from '../../app/hooks'
import { selectCurrentUser } from '../auth'
import {
  type accountDeletionConfirmed,
  deletionProgressed,
  deletionStopped,
  selectDeletion,
} from './accountSlice'
import { answered, codeOf, finished, lost, mayReachServer, type Api } from './deletionSteps'
import { MAX_BATCH_WRITES } from '../../services/types'
import { MAX_LISTS } from '../../services/taskDocument'

// Delete account, all or nothing (docs/sync.md, "Delete account"). Each step is a transaction
// the server takes whole or not at all, and nothing is queued on the device: so whichever way
// the person leaves a stopped deletion (Close, a reload, going offline), what the dialog said
// was deleted is all that ever is.

/** Tasks a step deletes: one write of the step is the account's record. */
const STEP_TASKS = MAX_BATCH_WRITES - 1
/** The last step deletes every slot of the person's lists too (200), so at most 299 tasks. */
const LAST_STEP_TASKS = STEP_TASKS - MAX_LISTS
/** Auth's answers that leave it unknown whether the account went. */
const UNANSWERED = new Set(['auth/network-request-failed', 'auth/internal-error', 'auth/timeout'])
/** The server's refusals: the step did not happen. Any other failure may have gone through. */
const REFUSED = new Set(['permission-denied', 'failed-precondition', 'aborted', 'invalid-argument'])

/** How many tasks the server holds (so many left of the total); null when not answered. */
async function countLeft(api: Api, email: string): Promise<number | null> {
  const left = await answered(api, api.extra.tasks.countOnServer(email)).catch(() => null)
  if (!left) return null
  const { deleted, total } = selectDeletion(api.getState())
  const found = Math.max(total, deleted + left.value)
  api.dispatch(deletionProgressed({ deleted: found - left.value, total: found, unsure: 0 }))
  return left.value
}

/**
 * Deletes `email`'s tasks, a step at a time, until the server counts none; the last step closes
 * the account (no other device can add one meanwhile: the server refuses them while it closes).
 */
async function deleteEveryTask(api: Api, email: string): Promise<boolean> {
  const { tasks } = api.extra
  for (let unseen = 0; ;) {
    const left = await countLeft(api, email)
    if (left === null) return false
    api.dispatch(deletionProgressed({ phase: left === 0 ? 'deletingAccount' : 'deletingTasks' }))
    const ids =
      left === 0
        ? { value: [] }
        : await answered(api, tasks.idsOnServer(email, STEP_TASKS)).catch(() => null)
    if (!ids) return false
    // Hidden by another tab's deletes on their way: after a few rounds, a try again's.
    if (left > 0 && ids.value.length === 0) {
      if (++unseen === 3) return false
      continue
    }
    const last = ids.value.length >= left && ids.value.length <= LAST_STEP_TASKS
    let done: { value: true } | null
    try {
      done = await answered(
        api,
        tasks.deleteTasksOfAccount(ids.value, last).then(() => true as const),
      )
    } catch (err) {
      const code = codeOf(err)
      done = null
      if (typeof code === 'string' && REFUSED.has(code)) {
        api.extra.logger.error('Error deleting document', err)
        return false
      }
    }
    if (!done) {
      // Sent, its answer lost: it may have gone through. Said so until the server's count says.
      api.dispatch(deletionProgressed({ unsure: ids.value.length }))
      return false
    }
    const { deleted, total } = selectDeletion(api.getState())
    api.dispatch(deletionProgressed({ deleted: Math.min(total, deleted + ids.value.length) }))
    if (last) return true
  }
}

async function deleteUser(api: Api, email: string) {
  const { auth, logger } = api.extra
  api.dispatch(deletionProgressed({ phase: 'deletingAccount' }))
  try {
    await api.pause(auth.deleteAccount())
  } catch (err) {
    const code = codeOf(err)
    logger.error('The account could not be deleted', err)
    // Its tasks are gone and its sessions closed on the server; the Auth account is there.
    if (code === 'auth/requires-recent-login') {
      api.dispatch(deletionProgressed({ phase: 'signInNeeded' }))
      return
    }
    const unknown = typeof code === 'string' && UNANSWERED.has(code)
    api.dispatch(deletionStopped(unknown ? 'accountUncertain' : 'accountNotDeleted'))
    return
  }
  await finished(api, email)
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
    // A try again offline leaves the last try's words: they say what the server holds.
    if (lastProblem === null) lost(api, false)
    else api.dispatch(deletionStopped(lastProblem))
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
    lost(api, false)
    return
  }
  // The provider wants a recent sign-in: asked now, before anything (more) is deleted.
  if (!recent) {
    api.dispatch(deletionProgressed({ phase: 'signInNeeded' }))
    return
  }
  // A try again: on a new connection, not after the SDK's backoff (up to a minute).
  if (lastProblem !== null) await api.pause(tasks.reconnect()).catch(() => undefined)
  // Own changes first: they would be refused once the account closes.
  if (!(await answered(api, tasks.allSaved(STEP_WAIT_MS)))?.value) {
    lost(api, false)
    return
  }
  const standing = await answered(api, tasks.standing()).catch(() => null)
  if (!standing) {
    lost(api, false)
    return
  }
  // Closed by an earlier try whose Auth call failed: only that call is left.
  if (standing.value.kind !== 'closed') {
    // Counted first, so the dialog says from the start how many go.
    const left = await countLeft(api, email)
    if (left === null) {
      lost(api, false)
      return
    }
    api.dispatch(deletionProgressed({ phase: left === 0 ? 'deletingAccount' : 'deletingTasks' }))
    const begun = await answered(api, tasks.beginDeletion()).catch(() => null)
    if (!begun || !(await deleteEveryTask(api, email))) {
      lost(api, true)
      return
    }
  }
  await deleteUser(api, email)
}

/** How long this device's own queue may take to reach the server before the deletion begins. */
const STEP_WAIT_MS = 60_000
