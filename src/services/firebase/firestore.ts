// Cloud Firestore's Web SDK, in a chunk loaded after the first paint (firestoreTaskRepository.ts).
// The SDK keeps the cache and the write queue in IndexedDB and follows the query live.
import type { FirebaseApp } from 'firebase/app'
import { getAuth } from 'firebase/auth'
import {
  clearIndexedDbPersistence,
  connectFirestoreEmulator,
  deleteDoc,
  disableNetwork,
  doc,
  enableNetwork,
  getDocsFromCache,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
  query,
  setDoc,
  terminate,
  updateDoc,
  waitForPendingWrites,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore'
import type { FirebaseSettings } from '../../config/env'
import { toStoredChanges } from '../taskDocument'
import type { Persistence, TaskRepository } from '../types'
import { accountDeletions } from './accountMark'
import { batchesOf, clearKeepingUnsent, databaseName } from './deviceQueue'
import { tasksOf, watchTasks, type PageWrites } from './liveTasks'
import { watchDisk } from './onDisk'
import { listStore } from './lists'
import { countPageWrites } from './pageWrites'

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
 * The repository on one instance; `persistence` was probed (the SDK falls back silently).
 * `changed`: after anything `changesOnlyInMemory` reads has changed.
 */
export function createTaskStore(
  app: FirebaseApp,
  settings: FirebaseSettings,
  persistence: Persistence,
  changed: () => void = () => undefined,
): Omit<TaskRepository, 'persistence' | 'watchChangesInMemory'> {
  let db: Firestore = open(app, settings, persistence)
  const disk = watchDisk(changed)
  const counted = countPageWrites(disk, changed)
  let restoring = false
  /** Whether the signed-in user's queue on this device (all tabs') holds a batch of theirs. */
  const ownBatchesQueued = async () => {
    const uid = getAuth(app).currentUser?.uid
    if (!uid) return true
    return (await batchesOf(databaseName(app), uid).catch(() => 1)) > 0
  }
  const writes: PageWrites = {
    has: counted.has,
    count: counted.count,
    onSettled: counted.onSettled,
    onHanded: counted.onHanded,
    // Without IndexedDB, no other tab shares the queue: this page's writes are all of it.
    queued: async () =>
      counted.count() > 0 ||
      (persistence === 'device' && (restoring || disk.inMemory() || (await ownBatchesQueued()))),
  }

  const marks = accountDeletions(app, settings, () => db)
  // The live query's last report came from the server: it is reachable, whatever the browser says.
  let answering = false

  /** A write of the documents of `ids` (one, or a batch's), counted until it settles. */
  const write = (ids: readonly string[], send: () => Promise<void>) =>
    counted.write(db, ids, send).catch((err: unknown) => {
      throw marks.explain(err)
    })

  return {
    watch: (email, onChange, onError) =>
      watchTasks(
        db,
        email,
        writes,
        (snapshot) => {
          answering = !snapshot.fromCache
          onChange(snapshot)
        },
        onError,
      ),
    async reconnect() {
      await disableNetwork(db)
      await enableNetwork(db)
    },
    add: (task) => write([task.id], () => setDoc(doc(tasksOf(db), task.id), task)),
    update: (id, changes) =>
      write([id], () => updateDoc(doc(tasksOf(db), id), toStoredChanges(changes))),
    delete: (id) => write([id], () => deleteDoc(doc(tasksOf(db), id))),
    addMany: (tasks) =>
      write(
        tasks.map(({ id }) => id),
        () => {
          const batch = writeBatch(db)
          for (const task of tasks) batch.set(doc(tasksOf(db), task.id), task)
          return batch.commit()
        },
      ),
    deleteMany: (ids) =>
      write(ids, () => {
        const batch = writeBatch(db)
        for (const id of ids) batch.delete(doc(tasksOf(db), id))
        return batch.commit()
      }),
    ...marks.methods,
    ...listStore(app, () => db, write),
    // With no IndexedDB, nothing is on disk: what the server has not acknowledged is in memory.
    changesOnlyInMemory: () =>
      persistence === 'device' ? restoring || disk.inMemory() : counted.count() > 0,
    async allSaved(withinMs) {
      if (!navigator.onLine && !answering) return false
      // The SDK's waitForPendingWrites waits for the highest batch of any user whose id sorts
      // at or before the signed-in one's (IndexedDbMutationQueue.getHighestUnacknowledgedBatchId
      // has no lower bound): with none of this user's own queued, another's unsent writes would
      // hold it. So the user's own batches are counted first.
      const uid = getAuth(app).currentUser?.uid
      if (persistence === 'device' && uid && !disk.inMemory()) {
        if ((await batchesOf(databaseName(app), uid)) === 0) return true
      }
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
    async clearDevice({ dropUnsent = false } = {}) {
      // The instance stops before its files go. Only the writes not yet sent (anyone's) come
      // back (docs/sync.md).
      const old = db
      await terminate(old)
      const drop = dropUnsent ? (marks.followed() ?? undefined) : undefined
      // In memory, this page's unacknowledged writes are all there is; they go with it.
      const forgotten = counted.clear()
      let dropped = drop === undefined ? 0 : forgotten
      if (persistence === 'device') {
        dropped = await clearKeepingUnsent(databaseName(app), {
          drop,
          remove: () => clearIndexedDbPersistence(old),
          async make() {
            const maker = open(app, settings, persistence)
            const anyRead = query(tasksOf(maker), where('email', '==', ''))
            await getDocsFromCache(anyRead).catch(() => undefined)
            await terminate(maker)
          },
          holding: (held) => {
            restoring = held
            changed()
          },
        })
      }
      db = open(app, settings, persistence)
      return dropped
    },
  }
}
