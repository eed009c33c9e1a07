import { appStarted } from '../../app/actions'
import type { AppListenerEffect, AppStartListening } from '../../app/listenerMiddleware'
import { tasksCleared, tasksLoaded, tasksLoadFailed, tasksLoadStarted } from '../tasks/tasksSlice'
import { authStateChanged, signInRequested, signInSettled, signOutRequested } from './authSlice'

/** Reports every change of sign-in state to the store, for the life of the store. */
const followAuthState: AppListenerEffect<typeof appStarted> = (_action, api) => {
  api.unsubscribe()
  api.extra.auth.onAuthStateChanged((user) => {
    api.dispatch(authStateChanged(user))
  })
}

/**
 * Signed in: remember the e-mail for this tab and load that user's tasks; signed out: forget
 * it and clear the list. The e-mail is written on every sign-in report, restored sessions
 * included, so adding works after a reload or in a new tab.
 */
const loadOrClearTasks: AppListenerEffect<typeof authStateChanged> = async (action, api) => {
  // A newer report supersedes a load still under way.
  api.cancelActiveListeners()
  const { session, tasks, logger } = api.extra
  const email = action.payload?.email
  if (!email) {
    session.removeUserEmail()
    api.dispatch(tasksCleared())
    return
  }
  session.setUserEmail(email)
  api.dispatch(tasksLoadStarted({ email }))
  try {
    const loaded = await api.pause(tasks.load(email))
    api.dispatch(tasksLoaded({ email, tasks: loaded }))
  } catch (err) {
    if (api.signal.aborted) return
    logger.error('Error loading tasks', err)
    api.dispatch(tasksLoadFailed({ email }))
  }
}

const signIn: AppListenerEffect<typeof signInRequested> = async (_action, api) => {
  const { auth, logger } = api.extra
  // One popup at a time: the click that opened it settles it.
  if (api.getOriginalState().auth.signingIn) return
  // The spec's guard: the popup opens only when nobody is signed in.
  if (!auth.hasCurrentUser()) {
    try {
      await auth.signInWithPopup()
    } catch (err) {
      logger.error('Error during sign-in:', err)
    }
  }
  api.dispatch(signInSettled())
}

const signOut: AppListenerEffect<typeof signOutRequested> = async (_action, api) => {
  const { auth, session, logger } = api.extra
  try {
    await auth.signOut()
    session.removeUserEmail()
    logger.info('Signed out successfully')
  } catch (err) {
    logger.error('Error during sign-out:', err)
  }
}

export function addAuthListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: appStarted, effect: followAuthState })
  startAppListening({ actionCreator: authStateChanged, effect: loadOrClearTasks })
  startAppListening({ actionCreator: signInRequested, effect: signIn })
  startAppListening({ actionCreator: signOutRequested, effect: signOut })
}
