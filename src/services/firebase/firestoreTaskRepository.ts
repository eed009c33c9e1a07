import { retryingLoad } from '../../lib/retryingLoad'
import type { FirebaseSettings } from '../../config/env'
import type { StoredDocument } from './firestoreLite'
import { appOf, type AppSource } from './lazyFirebaseApp'
import type { LoadedTask, Logger, Task, TaskRepository } from '../types'

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

/** The fields of a stored document as a task, or null when any is missing or mistyped. */
export function toLoadedTask({ id, data }: StoredDocument): LoadedTask | null {
  const { task, isFinished, email, order } = data
  if (typeof task !== 'string' || typeof isFinished !== 'boolean' || typeof email !== 'string') {
    return null
  }
  if (order !== undefined && (typeof order !== 'number' || !Number.isFinite(order))) return null
  return order === undefined
    ? { id, task, isFinished, email }
    : { id, task, isFinished, email, order }
}

/**
 * Tasks in the `tasks` collection on Firestore Lite. Writes to one document go out one after
 * another, each once the previous has settled, so the server sees them in the order they were
 * made (an update never overtakes the add it follows).
 */
export function createFirestoreTaskRepository(
  app: AppSource,
  settings: FirebaseSettings,
  logger: Logger,
  /** Firestore Lite's chunk is fetched once this resolves (createLoadGate). */
  after: Promise<unknown> = Promise.resolve(),
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
    load: async (email) => {
      const { lite, db } = await firestore()
      const documents = await lite.queryTasksOf(db, email)
      return documents.flatMap((document) => {
        const task = toLoadedTask(document)
        if (task === null) logger.warn(`Skipped the malformed task document ${document.id}`)
        return task === null ? [] : [task]
      })
    },
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
