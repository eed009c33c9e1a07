import type { FirebaseApp } from 'firebase/app'
import type { FirebaseSettings } from './config'
import type { AuthService, Logger } from './types'

/**
 * The Firebase Auth service with the Auth SDK in a chunk of its own. The chunk is requested once
 * the page has drawn what the device holds (createLoadGate); until it has loaded and read the
 * stored session, the page shows "Checking sign-in…" (no Login now, no Log Out), as it would
 * anyway while Auth reads IndexedDB. This keeps about 20 kB (gzip) out of the JavaScript
 * loaded before the first render; the popup resolver (`browserPopupRedirectResolver`) comes
 * with it, as it lives in the same module of the SDK and cannot be split from it.
 *
 * If the chunk cannot be loaded, the user is reported signed out (so the page does not wait
 * forever) and sign-in rejects, which the listeners log.
 */
export function createLazyFirebaseAuthService(
  app: FirebaseApp | Promise<FirebaseApp>,
  settings: FirebaseSettings,
  logger: Logger,
  /** The chunk is fetched once this resolves (createLoadGate). */
  after: Promise<unknown> = Promise.resolve(),
): AuthService {
  const loading = Promise.all([app, after.then(() => import('./firebaseAuth'))]).then(
    ([loadedApp, { createFirebaseAuthService, initFirebaseAuth }]) =>
      createFirebaseAuthService(initFirebaseAuth(loadedApp, settings)),
  )
  let loaded: AuthService | undefined
  loading.then(
    (service) => {
      loaded = service
    },
    (err: unknown) => {
      logger.error('Sign-in could not be loaded', err)
    },
  )

  return {
    signInWithPopup: async () => (await loading).signInWithPopup(),
    signOut: async () => {
      await (await loading).signOut()
    },
    onAuthStateChanged: (callback) => {
      let unsubscribe: (() => void) | undefined
      let active = true
      loading.then(
        (service) => {
          if (active) unsubscribe = service.onAuthStateChanged(callback)
        },
        () => {
          if (active) callback(null)
        },
      )
      return () => {
        active = false
        unsubscribe?.()
      }
    },
    // Nothing can ask before the SDK has loaded: Login now appears only after its first report.
    hasCurrentUser: () => loaded?.hasCurrentUser() ?? false,
    refreshToken: async () => {
      await (await loading).refreshToken()
    },
  }
}
