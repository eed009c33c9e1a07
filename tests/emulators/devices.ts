import 'fake-indexeddb/auto'
import { deleteApp, type FirebaseApp } from 'firebase/app'
import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth'
import { disableNetwork, enableNetwork, getFirestore, setLogLevel } from 'firebase/firestore'
import { afterEach, inject, onTestFinished } from 'vitest'
import type { FirebaseSettings } from '../../src/config/env'
import { compareTasks } from '../../src/features/tasks/model/ordering'
import { initFirebaseApp } from '../../src/services/firebase/firebaseApp'
import { initFirebaseAuth } from '../../src/services/firebase/firebaseAuth'
import { createFirestoreTaskRepository } from '../../src/services/firebase/firestoreTaskRepository'
import type { Task, TaskRepository, TasksSnapshot } from '../../src/services/types'

// Devices of the app for the adapter's integration tests: the real Firebase SDKs (Firestore's
// browser build, see vitest.config.ts) in jsdom, with fake-indexeddb as the browser's IndexedDB,
// against the emulators globalSetup.ts started.

const { host, firestorePort, authPort } = inject('emulators')

export const settings: FirebaseSettings = {
  apiKey: 'demo-api-key',
  authDomain: 'demo-todo.firebaseapp.com',
  projectId: 'demo-todo',
  emulators: {
    authUrl: `http://${host}:${String(authPort)}`,
    firestoreHost: host,
    firestorePort,
  },
}

// The SDK logs each refused write and failed listen itself; the tests assert the outcomes.
setLogLevel('silent')

const apps: FirebaseApp[] = []
afterEach(async () => {
  // A test may have closed one itself (a reload).
  await Promise.all(apps.splice(0).map((app) => deleteApp(app).catch(() => undefined)))
})

/** A user of this test alone: the emulator's data outlives each test. */
export const newUser = (name = 'ada') => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`

/**
 * A device of `email`: its own Firebase app (so its own Auth session and Firestore cache in
 * IndexedDB), signed in with a Google credential as the app's popup would, and the app's
 * task repository on it. `appName` of a closed one: the same browser's page again (a reload).
 */
export async function device(email: string, { appName = `device-${crypto.randomUUID()}` } = {}) {
  const app = initFirebaseApp(settings, appName)
  apps.push(app)
  const auth = initFirebaseAuth(app, settings)
  const googleIdToken = JSON.stringify({ sub: `google-${email}`, email, email_verified: true })
  await signInWithCredential(auth, GoogleAuthProvider.credential(googleIdToken))
  const tasks = createFirestoreTaskRepository(app, settings)
  // The repository opens its Firestore instance on first use; allSaved(0) is such a use.
  const db = async () => {
    await tasks.allSaved(0)
    return getFirestore(app)
  }
  return {
    app,
    auth,
    tasks,
    /** Cuts this device off the network, as the SDK's own switch does, and back. */
    offline: async () => {
      await disableNetwork(await db())
    },
    online: async () => {
      await enableNetwork(await db())
    },
  }
}

/** Follows `email`'s tasks as the app does, keeping every report and the list they add up to. */
export function follow(tasks: TaskRepository, email: string) {
  const reports: TasksSnapshot[] = []
  const errors: unknown[] = []
  const shown = new Map<string, Task>()
  const stop = tasks.watch(
    email,
    (snapshot) => {
      reports.push(snapshot)
      for (const update of snapshot.updates) {
        if (update.kind === 'changed') shown.set(update.task.id, update.task)
        else shown.delete(update.id)
      }
    },
    (err) => errors.push(err),
  )
  onTestFinished(stop)
  return {
    reports,
    errors,
    stop,
    /** The tasks' texts in list order. */
    texts: () => [...shown.values()].sort(compareTasks).map((task) => task.task),
    task: (id: string) => shown.get(id),
  }
}

/**
 * What the SDK keeps on the devices of this test file (fake-indexeddb): the records of `store`
 * in each of its databases (`firestore/…/main`) whose name contains `appName`, by database.
 */
export async function keptOnDevice(store: string, appName = ''): Promise<unknown[][]> {
  const names = (await indexedDB.databases())
    .map(({ name }) => name ?? '')
    .filter((name) => name.startsWith('firestore/') && name.endsWith('/main'))
    .filter((name) => name.includes(appName))
  const kept: unknown[][] = []
  for (const name of names) {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onsuccess = () => {
        resolve(open.result)
      }
      open.onerror = () => {
        reject(open.error ?? new Error(name))
      }
    })
    const all = db.transaction(store).objectStore(store).getAll()
    kept.push(
      await new Promise<unknown[]>((resolve, reject) => {
        all.onsuccess = () => {
          resolve(all.result)
        }
        all.onerror = () => {
          reject(all.error ?? new Error(store))
        }
      }),
    )
    db.close()
  }
  return kept
}
