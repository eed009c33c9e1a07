import { appStarted, connectivityRestored } from '../../app/actions'
import type { AppListenerEffect, AppStartListening } from '../../app/listenerMiddleware'
import { applyPending, applyToServerAnswer } from '../../services/outbox/coalesce'
import { backoffDelay } from '../../services/outbox/outbox'
import {
  tasksCleared,
  tasksLoaded,
  tasksLoadFailed,
  tasksLoadStarted,
  tasksRestored,
  tasksSyncedFromOtherTab,
} from '../tasks/tasksSlice'
import {
  authStateChanged,
  signInFailed,
  signInRequested,
  signInSettled,
  signOutRequested,
} from './authSlice'

type AnyListenerApi = Parameters<AppListenerEffect<typeof appStarted>>[1]

/**
 * Shows the list kept on this device for `email`, with the changes not yet in it. A device
 * storage that cannot be read only means no list until the server answers.
 */
async function restoreKeptList(api: AnyListenerApi, email: string) {
  const { outbox, listCache, logger } = api.extra
  try {
    // The changes before the list: a list kept in between (by another tab) shows the changes
    // it took out of the outbox; read the other way round, an older list could miss them.
    const changes = await api.pause(outbox.changes(email))
    const kept = await api.pause(listCache.get(email))
    if (kept) api.dispatch(tasksRestored({ email, tasks: applyPending(kept, changes) }))
  } catch (err) {
    if (api.signal.aborted) throw err
    logger.warn('The list kept on this device could not be read', err)
  }
}

/**
 * Before Firebase Auth loads and checks the session, shows the list kept for whoever was
 * signed in on this device and has not signed out: it is on the device already, and Auth
 * almost always confirms them. If Auth reports someone else or no one, the list goes.
 * Firebase loads once that list is drawn (at once when there is none to show).
 */
const showLastUsersList: AppListenerEffect<typeof appStarted> = async (_action, api) => {
  api.unsubscribe()
  const { listCache, loadRemote } = api.extra
  const email = listCache.lastUser()
  try {
    if (!email) return
    api.dispatch(tasksLoadStarted({ email }))
    await restoreKeptList(api, email)
  } finally {
    loadRemote()
  }
}

/** Reports every change of sign-in state, and changes made in other tabs, to the store. */
const followAuthState: AppListenerEffect<typeof appStarted> = (_action, api) => {
  api.unsubscribe()
  api.extra.auth.onAuthStateChanged((user) => {
    api.dispatch(authStateChanged(user))
  })
  api.extra.tabSync.subscribe((change) => {
    api.dispatch(tasksSyncedFromOtherTab(change))
  })
}

/**
 * Signed in: remember the e-mail for this tab, send that user's pending writes, show the list
 * kept on this device at once, then the server's list with the pending writes applied over it,
 * retrying with backoff while the server cannot be reached. Signed out: stop sending (pending
 * writes stay for their owner), forget the e-mail and clear the list.
 */
const loadOrClearTasks: AppListenerEffect<typeof authStateChanged> = async (action, api) => {
  // A newer report supersedes a load still under way.
  api.cancelActiveListeners()
  const { session, tasks, outbox, listCache, logger } = api.extra
  const email = action.payload?.email
  if (!email) {
    outbox.setActiveUser(null)
    session.removeUserEmail()
    listCache.setLastUser(null)
    api.dispatch(tasksCleared())
    return
  }
  session.setUserEmail(email)
  listCache.setLastUser(email)
  outbox.setActiveUser(email)
  // Shown already (before Auth answered) and changed since, maybe: not restored over again.
  const { owner, ids } = api.getState().tasks
  const shown = owner === email && ids.length > 0
  api.dispatch(tasksLoadStarted({ email }))
  if (!shown) await restoreKeptList(api, email)

  for (let attempt = 1; ; attempt++) {
    try {
      const before = await api.pause(outbox.changes(email))
      const loaded = await api.pause(tasks.load(email))
      const after = await api.pause(outbox.changes(email))
      api.dispatch(tasksLoaded({ email, tasks: applyToServerAnswer(loaded, before, after) }))
      return
    } catch (err) {
      if (api.signal.aborted) return
      logger.error('Error loading tasks', err)
      api.dispatch(tasksLoadFailed({ email }))
      // Try again after the backoff, or as soon as the connection is back.
      await Promise.race([api.delay(backoffDelay(attempt)), api.take(connectivityRestored.match)])
    }
  }
}

const STOPPED_BY_PERSON = new Set([
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
])

const signIn: AppListenerEffect<typeof signInRequested> = async (_action, api) => {
  const { auth, logger } = api.extra
  // One popup at a time: the click that opened it settles it.
  if (api.getOriginalState().auth.signingIn) return
  // A click after the last popup was closed supersedes the attempt the SDK has not yet given up.
  api.cancelActiveListeners()
  // The spec's guard: the popup opens only when nobody is signed in.
  if (!auth.hasCurrentUser()) {
    try {
      await auth.signInWithPopup()
    } catch (err) {
      logger.error('Error during sign-in:', err)
      const code = (err as { code?: unknown } | null)?.code
      if (api.signal.aborted) return
      // Closed or cancelled by the person: nothing to tell them.
      if (typeof code === 'string' && STOPPED_BY_PERSON.has(code)) api.dispatch(signInSettled())
      else api.dispatch(signInFailed({ code: typeof code === 'string' ? code : 'unknown' }))
      return
    }
  }
  if (!api.signal.aborted) api.dispatch(signInSettled())
}

const signOut: AppListenerEffect<typeof signOutRequested> = async (_action, api) => {
  const { auth, session, outbox, listCache, logger } = api.extra
  const email = api.getState().auth.user?.email
  // Stop sending first, so no write goes out without its owner's token; a send already under
  // way gets a moment to finish. Whatever is pending waits for the next sign-in. The device
  // forgets its last user now, so a page closed mid-sign-out never shows their list early.
  outbox.setActiveUser(null)
  listCache.setLastUser(null)
  await Promise.race([outbox.idle(), api.delay(2000)])
  try {
    await auth.signOut()
    session.removeUserEmail()
    logger.info('Signed out successfully')
  } catch (err) {
    if (email) {
      outbox.setActiveUser(email)
      listCache.setLastUser(email)
    }
    logger.error('Error during sign-out:', err)
  }
}

export function addAuthListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: appStarted, effect: showLastUsersList })
  startAppListening({ actionCreator: appStarted, effect: followAuthState })
  startAppListening({ actionCreator: authStateChanged, effect: loadOrClearTasks })
  startAppListening({ actionCreator: signInRequested, effect: signIn })
  startAppListening({ actionCreator: signOutRequested, effect: signOut })
}
