import type { FirebaseApp } from 'firebase/app'
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
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

/** Google popup sign-in on Firebase Auth. */
export function createFirebaseAuthService(auth: Auth): AuthService {
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
  }
}
