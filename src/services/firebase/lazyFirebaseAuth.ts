import { backoffDelay, importAgainAfterFailure, retryingLoad } from '../../lib/helpers'
import type { FirebaseSettings } from '../../config/env'
import { appOf, type AppSource } from './lazyFirebaseApp'
import type { AuthService, Logger } from '../appServices'

/** A failed download is tried again with the backoff; meanwhile sign-in stays unknown. */
export function createLazyFirebaseAuthService(
  app: AppSource,
  settings: FirebaseSettings,
  logger: Logger,
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
    signOut: async () => (await load()).signOut(),
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
