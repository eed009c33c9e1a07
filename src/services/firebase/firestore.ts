// Everything that touches Cloud Firestore's Web SDK, in one chunk loaded after the first paint
// (firestoreTaskRepository.ts). The SDK keeps the cache and the pending writes in IndexedDB,
// per signed-in user and shared by the tabs, sends the writes with retries and follows the
// query live; this module only translates between its documents and the app's tasks.
import type { FirebaseApp } from 'firebase/app'
import {
  clearIndexedDbPersistence,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  initializeFirestore,
  memoryLocalCache,
  onSnapshot,
  persistentLocalCache,
  persistentMultipleTabManager,
  query,
  setDoc,
  terminate,
  updateDoc,
  waitForPendingWrites,
  where,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore'
import type { FirebaseSettings } from '../../config/env'
import type { Persistence, Task, TaskRepository, TaskUpdate } from '../types'

const TASKS = 'tasks'
/** Pending documents beyond which the live query pauses while the queue drains (`watch`). */
const DRAIN_PAUSE_AT = 100

/** The task stored in a document, or null when the document is not one the app can show. */
function toTask(id: string, data: DocumentData): Task | null {
  const { task, isFinished, email, order } = data
  if (typeof task !== 'string' || typeof isFinished !== 'boolean' || typeof email !== 'string') {
    return null
  }
  // Documents written before the order field sort last (the reducer's comparison).
  const sortKey = typeof order === 'number' && Number.isFinite(order) ? order : Number.MAX_VALUE
  return { id, task, isFinished, email, order: sortKey }
}

/** The stored fields of a task: every field but the id, which names the document. */
function storedFields({ id: _id, ...fields }: Task): DocumentData {
  return fields
}

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
  // This page's writes not yet acknowledged, per document: while one is, the live query shows
  // the SDK's view of an older click, and the page's own state is the newer one.
  const writing = new Map<string, number>()

  const write = (id: string, send: () => Promise<void>): Promise<void> => {
    writing.set(id, (writing.get(id) ?? 0) + 1)
    const settled = () => {
      const left = (writing.get(id) ?? 1) - 1
      if (left > 0) writing.set(id, left)
      else writing.delete(id)
    }
    // Settled before the caller hears: the SDK answers a write before it raises the snapshot
    // that follows from it, so that snapshot is no longer the page's own.
    return send().finally(settled)
  }

  return {
    watch(email, onChange, onError) {
      const tasks = query(collection(db, TASKS), where('email', '==', email))
      // Documents the query shows with writes not yet acknowledged, from any tab.
      const pending = new Set<string>()
      let unsubscribe: (() => void) | null = null
      let stopped = false
      const listen = () => {
        unsubscribe = onSnapshot(
          tasks,
          { includeMetadataChanges: true },
          (snapshot) => {
            const updates: TaskUpdate[] = []
            for (const change of snapshot.docChanges({ includeMetadataChanges: true })) {
              const { id } = change.doc
              const pendingHere = writing.has(id)
              const task = change.type === 'removed' ? null : toTask(id, change.doc.data())
              updates.push(
                task
                  ? { kind: 'changed', task, pendingHere }
                  : { kind: 'removed', id, pendingHere },
              )
              if (task && change.doc.metadata.hasPendingWrites) pending.add(id)
              else pending.delete(id)
            }
            onChange({
              updates,
              fromCache: snapshot.metadata.fromCache,
              hasPendingWrites: snapshot.metadata.hasPendingWrites,
            })
            if (pending.size > DRAIN_PAUSE_AT && navigator.onLine) drain()
          },
          onError,
        )
      }
      // A long queue (changes made offline) is sent with the query paused: every acknowledgement
      // would otherwise update the view of every task (the emulator even sends the whole list
      // again), and thousands of writes would take minutes. The list shows the page's own state
      // meanwhile; the query comes back once the queue is empty.
      const drain = () => {
        unsubscribe?.()
        unsubscribe = null
        pending.clear()
        waitForPendingWrites(db).then(
          () => {
            if (!stopped) listen()
          },
          (err: unknown) => {
            if (!stopped) onError(err)
          },
        )
      }
      listen()
      return () => {
        stopped = true
        unsubscribe?.()
      }
    },
    add: (task) => write(task.id, () => setDoc(doc(db, TASKS, task.id), storedFields(task))),
    update: (id, changes) => write(id, () => updateDoc(doc(db, TASKS, id), changes)),
    delete: (id) => write(id, () => deleteDoc(doc(db, TASKS, id))),
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
