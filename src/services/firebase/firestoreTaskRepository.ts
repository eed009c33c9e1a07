import { retryingLoad } from '../../lib/retryingLoad'
import type { FirebaseSettings } from '../../config/env'
import { appOf, type AppSource } from './lazyFirebaseApp'
import { createTaskLoads, type AskTaskQuery } from './taskLoads'
import type { Logger, Task, TaskRepository } from '../types'

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A 20-character random id, the same form Firestore's `doc(collection(...)).id` makes,
 * without loading the database client to make it.
 */
export function newDocumentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(40))
  let id = ''
  // Rejection sampling keeps every character equally likely (248 = 4 × 62).
  for (const byte of bytes) {
    if (byte < 248) id += ID_ALPHABET[byte % 62] ?? ''
    if (id.length === 20) return id
  }
  return id + newDocumentId().slice(id.length)
}

export interface RepositoryOptions {
  /** Runs the task query (taskQuery.ts): in a worker in the app, in-thread in tests. */
  query: AskTaskQuery
  /** The signed-in user's ID token for the query (Firestore Lite gets its own from Auth). */
  idToken: () => Promise<string | null>
  /** Firestore Lite's chunk is fetched once this resolves (createLoadGate). */
  after?: Promise<unknown>
}

/**
 * Tasks in the `tasks` collection: loads through the task query, writes on Firestore Lite.
 * Writes to one document go out one after another, each once the previous has settled, so the
 * server sees them in the order they were made (an update never overtakes the add it follows).
 */
export function createFirestoreTaskRepository(
  app: AppSource,
  settings: FirebaseSettings,
  logger: Logger,
  { query, idToken, after = Promise.resolve() }: RepositoryOptions,
): TaskRepository {
  // A failed download of the chunk fails this one call (the outbox retries it later).
  const firestore = retryingLoad(() =>
    Promise.all([appOf(app), after.then(() => import('./firestoreLite'))]).then(
      ([loadedApp, lite]) => ({ lite, db: lite.connectFirestore(loadedApp, settings) }),
    ),
  )
  const lastWrite = new Map<string, Promise<unknown>>()

  const inOrder = (id: string, write: () => Promise<void>): Promise<void> => {
    const previous = lastWrite.get(id) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(write)
    lastWrite.set(id, next)
    const forget = () => {
      if (lastWrite.get(id) === next) lastWrite.delete(id)
    }
    next.then(forget, forget)
    return next
  }

  return {
    newId: newDocumentId,
    load: createTaskLoads(query, settings, idToken, logger),
    add: (task: Task) =>
      inOrder(task.id, async () => {
        const { lite, db } = await firestore()
        await lite.createTaskDocument(db, task)
      }),
    addAgain: (task, changedSince) =>
      inOrder(task.id, async () => {
        const { lite, db } = await firestore()
        if (!(await lite.taskDocumentExists(db, task.id))) {
          await lite.createTaskDocument(db, task)
          return
        }
        if (changedSince.length === 0) return
        const changes = Object.fromEntries(changedSince.map((field) => [field, task[field]]))
        await lite.updateTaskDocument(db, task.id, changes)
      }),
    update: (id, changes) =>
      inOrder(id, async () => {
        const { lite, db } = await firestore()
        await lite.updateTaskDocument(db, id, changes)
      }),
    delete: (id) =>
      inOrder(id, async () => {
        const { lite, db } = await firestore()
        await lite.deleteTaskDocument(db, id)
      }),
  }
}
