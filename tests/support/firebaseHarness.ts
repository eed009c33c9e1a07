import { deleteApp, type FirebaseApp } from 'firebase/app'
import { GoogleAuthProvider, signInWithCredential, signOut } from 'firebase/auth'
import { setLogLevel } from 'firebase/firestore/lite'
import { createFirestoreBackend, fieldsToPlain } from '../../backend'
import { readFirebaseSettings } from '../../src/config/env'
import { initFirebaseApp } from '../../src/services/firebase/firebaseApp'
import {
  createFirebaseAuthService,
  initFirebaseAuth,
} from '../../src/services/firebase/firebaseAuth'
import { createFirestoreTaskRepository } from '../../src/services/firebase/firestoreTaskRepository'
import { createTaskQuery } from '../../src/services/firebase/taskQuery'
import { consoleLogger } from '../../src/services/browser/logger'
import { server } from '../setup'

/**
 * The app's real Firebase services (Auth client, Firestore Lite repository) for a test, with
 * Google's endpoints answered in-process: identity by tests/support/identityToolkit.ts, the
 * database by the local Firestore backend's handlers.
 */
export const settings = readFirebaseSettings({
  VITE_FIREBASE_API_KEY: 'test-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-todo.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-todo',
  VITE_FIREBASE_APP_ID: '1:1:web:1',
  VITE_USE_EMULATORS: 'false',
})

let appCount = 0

export const FIRESTORE_ORIGIN = 'https://firestore.googleapis.com'

export function createFirebaseHarness() {
  const backend = createFirestoreBackend({
    baseUrls: [FIRESTORE_ORIGIN],
    requestLogSize: 1_000_000,
  })
  const apps: FirebaseApp[] = []

  /** Call in beforeEach. */
  const start = () => {
    // The SDK logs each failed RPC itself; tests fail many on purpose and assert our own logs.
    setLogLevel('silent')
    server.use(...backend.handlers)
  }

  /** Call in afterEach. */
  const stop = async () => {
    await Promise.all(apps.splice(0).map((app) => deleteApp(app)))
    backend.reset()
  }

  /** The real services, signed in as `email` (Google credential through the identity API). */
  const signedInServices = async (email: string, name = 'Test User') => {
    const app = initFirebaseApp(settings, `test-app-${String(++appCount)}`)
    apps.push(app)
    const auth = initFirebaseAuth(app, settings)
    await auth.authStateReady()
    if (auth.currentUser) await signOut(auth)
    const googleToken = JSON.stringify({ sub: `uid-${email}`, email, email_verified: true, name })
    await signInWithCredential(auth, GoogleAuthProvider.credential(googleToken))
    const authService = createFirebaseAuthService(auth)
    return {
      app,
      auth: authService,
      // The task query in-thread: jsdom has no workers (the browser tests run it in one).
      tasks: createFirestoreTaskRepository(app, settings, consoleLogger, {
        query: createTaskQuery(),
        idToken: () => authService.idToken(),
      }),
    }
  }

  /** The stored tasks of `email`, as plain objects keyed by document id. */
  const storedTasks = (email?: string) =>
    Object.fromEntries(
      backend.store
        .list({ project: 'demo-todo', collection: 'tasks' })
        .map(
          (document) =>
            [document.name.split('/').at(-1) ?? '', fieldsToPlain(document.fields)] as const,
        )
        .filter(([, data]) => email === undefined || data.email === email),
    )

  return { backend, start, stop, signedInServices, storedTasks }
}
