import { backoffDelay, importAgainAfterFailure, retryingLoad } from '../../lib/helpers'
import type { FirebaseSettings } from '../../config/env'
import { appOf, type AppSource } from './lazyFirebaseApp'
import type { AuthService, Logger } from '../types'

/**
 * The Firebase Auth service with the Auth SDK in a chunk of its own, requested after the first
 * paint (createLoadGate). Until it has loaded and read the stored session, sign-in is unknown
 * ("Checking sign-in…" for a remembered user), as it would be anyway while Auth reads
 * IndexedDB. The popup resolver (`browserPopupRedirectResolver`) comes with it: it lives in
 * the same module of the SDK and cannot be split from it.
 *
 * A failed download of the chunk is tried again with the backoff (and at once by a sign-in
 * click); meanwhile sign-in stays unknown rather than reporting nobody signed in.
 */
export function createLazyFirebaseAuthService(
  app: AppSource,
  settings: FirebaseSettings,
  logger: Logger,
  /** The chunk is fetched once this resolves (createLoadGate). */
  after: Promise<unknown> = Promise.resolve(),
  random: () => number = Math.random,
): AuthService {
  const sdk = importAgainAfterFailure(() => import('./firebaseAuth'))
  const load = retryingLoad(() =>
    Promise.all([appOf(app), after.then(sdk)]).then(
      ([loadedApp, { createFirebaseAuthService, initFirebaseAuth }]) =>
        createFirebaseAuthService(initFirebaseAuth(loadedApp, settings)),
    ),
  )
  let loaded: AuthService | undefined

  /** Resolves once the service has loaded, retrying with the backoff. */
  const ready = (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return (loaded = await load())
      } catch (err) {
        logger.error('Sign-in could not be loaded', err)
        await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, random)))
      }
    }
  })()

  return {
    signInWithPopup: async () => (await load()).signInWithPopup(),
    signOut: async () => {
      await (await load()).signOut()
    },
    onAuthStateChanged: (callback) => {
      let unsubscribe: (() => void) | undefined
      let active = true
      void ready.then((service) => {
        if (active) unsubscribe = service.onAuthStateChanged(callback)
      })
      return () => {
        active = false
        unsubscribe?.()
      }
    },
    // Nothing can ask before the SDK has loaded: Login now appears only after its first report.
    hasCurrentUser: () => loaded?.hasCurrentUser() ?? false,
    signedInRecently: async () => (await load()).signedInRecently(),
    reauthenticate: async () => (await load()).reauthenticate(),
    deleteAccount: async () => (await load()).deleteAccount(),
    accountGone: async () => (await load()).accountGone(),
  }
}
