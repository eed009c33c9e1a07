import { fromStored } from '../taskDocument'
import type { Task, TaskChanges } from '../types'
import type { LegacyOutbox, LegacyWrite } from '../appServices'

// The outbox of versions before the SDK kept the writes (IndexedDB `todo`, store `outbox`, one
// entry per document, indexed by e-mail), read once.

/** The fields those versions changed. */
const OLD_FIELDS = ['task', 'isFinished', 'order', 'rank'] as const satisfies (keyof Task)[]
const DB_NAME = 'todo'
const OUTBOX = 'outbox'

interface StoredEntry {
  id: string
  email: string
  seq: number
  kind: 'add' | 'update' | 'delete'
  /** No rank, and maybe no order. */
  task?: Partial<Task>
  fields?: (typeof OLD_FIELDS)[number][]
  acknowledged?: true
}

const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result)
    }
    request.onerror = () => {
      reject(request.error ?? new Error('IndexedDB request failed'))
    }
  })

/** Null when this browser never had one (none is created). */
async function openOld(factory: IDBFactory): Promise<IDBDatabase | null> {
  const names = await factory.databases()
  if (!names.some(({ name }) => name === DB_NAME)) return null
  const db = await done(factory.open(DB_NAME))
  if (db.objectStoreNames.contains(OUTBOX)) return db
  db.close()
  return null
}

function writeOf(entry: StoredEntry, email: string): LegacyWrite | null {
  if (entry.acknowledged || entry.email !== email) return null
  if (entry.kind === 'delete') return { kind: 'delete', id: entry.id }
  const kept = entry.task
  if (kept?.id !== entry.id || kept.email !== email) return null
  // Read as a document is: a field those versions did not have (a rank) at its first value.
  const task = fromStored(entry.id, kept)
  if (entry.kind === 'add') return { kind: 'add', task }
  // Entries of the first versions named no fields: they wrote all those their task had.
  const fields = Array.isArray(entry.fields)
    ? entry.fields
    : OLD_FIELDS.filter((field) => field in kept)
  const changes: TaskChanges = Object.fromEntries(fields.map((field) => [field, task[field]]))
  return { kind: 'update', id: entry.id, task, changes }
}

export function createLegacyOutbox(
  factory: IDBFactory | null = 'indexedDB' in globalThis ? globalThis.indexedDB : null,
): LegacyOutbox {
  return {
    async take(email) {
      const db = factory && (await openOld(factory))
      if (!db) return []
      let entries: StoredEntry[]
      let left: number
      try {
        const transaction = db.transaction(OUTBOX, 'readwrite')
        const outbox = transaction.objectStore(OUTBOX)
        entries = await done(outbox.index('email').getAll(email) as IDBRequest<StoredEntry[]>)
        for (const { id } of entries) outbox.delete(id)
        left = await done(outbox.count())
        await new Promise<void>((resolve, reject) => {
          transaction.oncomplete = () => {
            resolve()
          }
          transaction.onerror = transaction.onabort = () => {
            reject(transaction.error ?? new Error('IndexedDB transaction failed'))
          }
        })
      } finally {
        db.close()
      }
      // Nobody's writes are left in it: the old database goes (its kept lists with it).
      if (left === 0) await done(factory.deleteDatabase(DB_NAME))
      return entries
        .sort((a, b) => a.seq - b.seq)
        .map((entry) => writeOf(entry, email))
        .filter((write) => write !== null)
    },
  }
}
