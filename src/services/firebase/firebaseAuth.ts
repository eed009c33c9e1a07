import type { FirebaseApp } from 'firebase/app'
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  deleteUser,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  reauthenticateWithPopup,
  signInWithPopup,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth'
import type { FirebaseSettings } from '../../config/env'
import type { AuthService, AuthUser } from '../types'

/**
 * The Auth client with only what the app uses: the session kept in IndexedDB (local storage
 * where IndexedDB is missing), and no popup code until the first sign-in needs it.
 */
export function initFirebaseAuth(app: FirebaseApp, settings: FirebaseSettings): Auth {
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  })
  if (settings.emulators) {
    connectAuthEmulator(auth, settings.emulators.authUrl, { disableWarnings: true })
  }
  return auth
}

const toAuthUser = ({ displayName, email, photoURL }: User): AuthUser => ({
  displayName,
  email,
  photoURL,
})

/**
 * How recent a sign-in must be to delete the account: Firebase asks for one of the last five
 * minutes; a minute less leaves time for the deletion of the tasks that comes first.
 */
export const RECENT_SIGN_IN_MS = 4 * 60_000

/** The signed-in user; an error the app knows (the SDK's code) when nobody is. */
function signedIn(auth: Auth): User {
  if (auth.currentUser) return auth.currentUser
  throw Object.assign(new Error('Nobody is signed in'), { code: 'auth/no-current-user' })
}

/** Google popup sign-in on Firebase Auth. */
export function createFirebaseAuthService(auth: Auth, now: () => number = Date.now): AuthService {
  return {
    signInWithPopup: async () => {
      const { user } = await signInWithPopup(
        auth,
        new GoogleAuthProvider(),
        browserPopupRedirectResolver,
      )
      return toAuthUser(user)
    },
    signOut: () => signOut(auth),
    onAuthStateChanged: (callback) =>
      onAuthStateChanged(auth, (user) => {
        callback(user ? toAuthUser(user) : null)
      }),
    hasCurrentUser: () => auth.currentUser !== null,
    // The token's auth_time is what the server compares, not the last refresh of the token.
    signedInRecently: async () => {
      const { authTime } = await signedIn(auth).getIdTokenResult()
      return now() - Date.parse(authTime) < RECENT_SIGN_IN_MS
    },
    reauthenticate: async () => {
      await reauthenticateWithPopup(
        signedIn(auth),
        new GoogleAuthProvider(),
        browserPopupRedirectResolver,
      )
    },
    deleteAccount: () => deleteUser(signedIn(auth)),
  }
}
