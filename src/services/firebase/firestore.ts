// Everything that touches Cloud Firestore's Web SDK, in one chunk loaded after the first paint
// (firestoreTaskRepository.ts). The SDK keeps the cache and the pending writes in IndexedDB,
// per signed-in user and shared by the tabs, sends the writes with retries and follows the
// query live; this module only translates between its documents and the app's tasks.
import type { FirebaseApp } from 'firebase/app'
import {
  clearIndexedDbPersistence,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
  setDoc,
  terminate,
  updateDoc,
  waitForPendingWrites,
  type Firestore,
} from 'firebase/firestore'
import type { FirebaseSettings } from '../../config/env'
import { toStoredChanges } from '../taskDocument'
import type { Persistence, TaskRepository } from '../types'
import { tasksOf, watchTasks, type PageWrites } from './liveTasks'
import { watchDisk } from './onDisk'

function open(app: FirebaseApp, settings: FirebaseSettings, persistence: Persistence) {
  const db = initializeFirestore(app, {
    localCache:
      persistence === 'device'
        ? persistentLocalCache({ tabManager: persistentMultipleTabManager() })
        : memoryLocalCache(),
  })
  if (settings.emulators) {
    connectFirestoreEmulator(db, settings.emulators.firestoreHost, settings.emulators.firestorePort)
  }
  return db
}

/**
 * The task repository on one Firestore instance. `persistence` says whether IndexedDB can be
 * used (probed beforehand: the SDK would fall back to memory without a word).
 */
export function createTaskStore(
  app: FirebaseApp,
  settings: FirebaseSettings,
  persistence: Persistence,
): Omit<TaskRepository, 'persistence'> {
  let db: Firestore = open(app, settings, persistence)
  // This page's writes not yet settled, per document: while one is, the live query shows the
  // SDK's view of an older click, and the page's own state is the newer one.
  const writing = new Map<string, number>()
  const settledListeners = new Set<(id: string) => void>()
  const writes: PageWrites = {
    has: (id) => writing.has(id),
    onSettled: (listener) => {
      settledListeners.add(listener)
      return () => settledListeners.delete(listener)
    },
  }

  const disk = watchDisk()

  const write = (id: string, send: () => Promise<void>): Promise<void> => {
    writing.set(id, (writing.get(id) ?? 0) + 1)
    disk.written(db, id)
    const settled = () => {
      const left = (writing.get(id) ?? 1) - 1
      if (left > 0) writing.set(id, left)
      else {
        writing.delete(id)
        for (const listener of settledListeners) listener(id)
      }
    }
    // A write the SDK refuses at once (data it cannot store throws) settles like any other,
    // or the document would never follow the server again.
    let sending: Promise<void>
    try {
      sending = send()
    } catch (err) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the SDK's own error, passed on
      sending = Promise.reject(err)
    }
    // Settled before the caller hears: the SDK answers a write before it raises the snapshot
    // that follows from it, so that snapshot is no longer the page's own.
    return sending.finally(settled)
  }

  return {
    watch: (email, onChange, onError) => watchTasks(db, email, writes, onChange, onError),
    add: (task) => write(task.id, () => setDoc(doc(tasksOf(db), task.id), task)),
    update: (id, changes) =>
      write(id, () => updateDoc(doc(tasksOf(db), id), toStoredChanges(changes))),
    delete: (id) => write(id, () => deleteDoc(doc(tasksOf(db), id))),
    // With no IndexedDB, nothing is on disk: what the server has not acknowledged is in memory.
    changesOnlyInMemory: () => (persistence === 'device' ? disk.inMemory() : writing.size > 0),
    async allSaved(withinMs) {
      if (!navigator.onLine) return false
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, withinMs, false)))
      try {
        return await Promise.race([waitForPendingWrites(db).then(() => true), late])
      } catch {
        return false
      } finally {
        clearTimeout(timer)
      }
    },
    async clearDevice() {
      // The instance must stop before its files go; the next user gets a new one.
      const old = db
      await terminate(old)
      db = open(app, settings, persistence)
      if (persistence === 'device') await clearIndexedDbPersistence(old)
    },
  }
}
