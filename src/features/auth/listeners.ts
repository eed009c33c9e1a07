import { appStarted } from '../../app/hooks'
import type { AppListenerEffect, AppStartListening } from '../../app/hooks'
import type { RootState } from '../../app/store'
import {
  authStateChanged,
  rememberedUserFound,
  signInFailed,
  signInRequested,
  signInSettled,
  signOutFailed,
  signOutRequested,
  userSignedOut,
} from './authSlice'

/** How long Log Out waits for the user's last writes while the server does not answer. */
export const SIGN_OUT_SAVE_WAIT_MS = 3000
/** While the server answers: acknowledgements can take over 3 s on a busy machine (issue 37). */
export const SIGN_OUT_SAVE_WAIT_ANSWERING_MS = 30_000

const followAuthState: AppListenerEffect<typeof appStarted> = (_action, api) => {
  api.unsubscribe()
  if (api.extra.lastUser.get() !== null) api.dispatch(rememberedUserFound())
  api.extra.auth.onAuthStateChanged((user) => {
    api.dispatch(authStateChanged(user))
  })
}

/** The spec's session storage (userEmail), and who to expect on the next visit. */
const rememberSessionEmail: AppListenerEffect<typeof authStateChanged> = (action, api) => {
  const email = action.payload?.email ?? null
  if (email) api.extra.session.setUserEmail(email)
  else api.extra.session.removeUserEmail()
  api.extra.lastUser.set(email)
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

/** What sign-in reads of the other features, given by src/app: auth imports none of them. */
export interface AuthReads {
  /** The server answers (the tasks' sync state): Log Out then waits longer for the writes. */
  serverAnswering: (state: RootState) => boolean
}

/** Writes on their way get a moment to reach the server with the token the sign-out ends. */
const signOut =
  (reads: AuthReads): AppListenerEffect<typeof signOutRequested> =>
  async (_action, api) => {
    const { auth, session, logger, tasks } = api.extra
    // One sign-out at a time: a second click while the first waits for the writes adds nothing.
    if (api.getOriginalState().auth.signingOut) return
    const email = api.getState().auth.user?.email
    api.extra.lastUser.set(null)
    const answering = reads.serverAnswering(api.getState())
    const saved = await tasks.allSaved(
      answering ? SIGN_OUT_SAVE_WAIT_ANSWERING_MS : SIGN_OUT_SAVE_WAIT_MS,
    )
    try {
      await auth.signOut()
    } catch (err) {
      logger.error('Error during sign-out:', err)
      if (email) api.extra.lastUser.set(email)
      api.dispatch(signOutFailed())
      return
    }
    session.removeUserEmail()
    logger.info('Signed out successfully')
    if (email) api.dispatch(userSignedOut({ email, unsavedLeft: !saved }))
  }

export function addAuthListeners(startAppListening: AppStartListening, reads: AuthReads): void {
  startAppListening({ actionCreator: appStarted, effect: followAuthState })
  startAppListening({ actionCreator: authStateChanged, effect: rememberSessionEmail })
  startAppListening({ actionCreator: signInRequested, effect: signIn })
  startAppListening({ actionCreator: signOutRequested, effect: signOut(reads) })
}
