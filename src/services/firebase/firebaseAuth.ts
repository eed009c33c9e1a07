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
import type { AuthService, AuthUser } from '../appServices'

/** The Auth client with only what the app uses: no popup code until the first sign-in. */
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
/** Firebase wants a sign-in within five minutes to delete; one less leaves time for the tasks. */
export const RECENT_SIGN_IN_MS = 4 * 60_000
function signedIn(auth: Auth): User {
  if (auth.currentUser) return auth.currentUser
  throw Object.assign(new Error('Nobody is signed in'), { code: 'auth/no-current-user' })
}

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code
// Asked directly: the SDK's reload signs out on this answer, named as a revoked session.
async function lookUp(auth: Auth, idToken: string): Promise<'found' | 'notFound' | 'unknown'> {
  const emulator = auth.emulatorConfig
  const origin = emulator
    ? `${emulator.protocol}://${emulator.host}${emulator.port === null ? '' : `:${String(emulator.port)}`}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com'
  const key = encodeURIComponent(auth.app.options.apiKey ?? '')
  try {
    const response = await fetch(`${origin}/v1/accounts:lookup?key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken }),
    })
    if (response.ok) return 'found'
    const { error } = (await response.json()) as { error?: { message?: string } }
    return error?.message?.startsWith('USER_NOT_FOUND') ? 'notFound' : 'unknown'
  } catch {
    return 'unknown'
  }
}

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
    async deleteAccount() {
      const user = signedIn(auth)
      const idToken = await user.getIdToken()
      try {
        await deleteUser(user)
      } catch (err) {
        // Already deleted (an answer lost): the SDK reports USER_NOT_FOUND as it does a revoked
        // session, auth/user-token-expired; the identity service says which it was.
        const code = codeOf(err)
        const maybeGone = code === 'auth/user-token-expired' || code === 'auth/user-not-found'
        if (maybeGone && (await lookUp(auth, idToken)) === 'notFound') return
        throw err
      }
    },
    async accountGone() {
      const user = auth.currentUser
      if (!user) return false
      try {
        return (await lookUp(auth, await user.getIdToken())) === 'notFound'
      } catch {
        return false
      }
    },
  }
}
