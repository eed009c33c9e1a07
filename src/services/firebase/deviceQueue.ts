// The SDK's write queue, kept across a clear of the device (docs/sync.md, "A shared computer"):
// store names and key paths are the SDK's (indexeddb_sentinels.ts), checked by the tests.
import type { FirebaseApp } from 'firebase/app'

const QUEUE_STORES = ['mutationQueues', 'mutations', 'documentMutations', 'documentOverlays']
// With their keys: some stores keep them out of line.
type Records = { key: IDBValidKey; value: unknown }[]
export type QueueRecords = Partial<Record<string, Records>>
/** The SDK's database for `app` (IndexedDbPersistence.buildStoragePrefix, then 'main'). */
export const databaseName = (app: FirebaseApp): string =>
  `firestore/${app.name}/${String(app.options.projectId)}/main`

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result)
    }
    request.onerror = () => {
      reject(request.error ?? new Error('IndexedDB request failed'))
    }
  })

const committed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => {
      resolve()
    }
    transaction.onerror = transaction.onabort = () => {
      reject(transaction.error ?? new Error('IndexedDB transaction failed'))
    }
  })

// Never made here: the SDK would take an empty database at version 1 for its own first schema.
async function opened(name: string): Promise<IDBDatabase | null> {
  if (!(await indexedDB.databases()).some((db) => db.name === name)) return null
  const request = indexedDB.open(name)
  request.onupgradeneeded = () => {
    request.transaction?.abort()
  }
  const db = await done(request).catch(() => null)
  if (db === null) return null
  if (QUEUE_STORES.every((store) => db.objectStoreNames.contains(store))) return db
  db.close()
  return null
}

async function readQueue(name: string): Promise<QueueRecords> {
  const db = await opened(name)
  if (!db) return {}
  try {
    const transaction = db.transaction(QUEUE_STORES, 'readonly')
    const read = QUEUE_STORES.map(async (store) => {
      const source = transaction.objectStore(store)
      const [keys, values] = await Promise.all([
        done(source.getAllKeys()),
        done(source.getAll() as IDBRequest<unknown[]>),
      ])
      return [store, keys.map((key, i) => ({ key, value: values[i] }))] as const
    })
    return Object.fromEntries(await Promise.all(read))
  } finally {
    db.close()
  }
}

const hasWrites = (records: QueueRecords): boolean => (records.mutations?.length ?? 0) > 0
// The user id leads the key of `documentMutations`, and is in the others' values.
const ownerOf = (store: string, { key, value }: Records[number]): unknown =>
  store === 'documentMutations'
    ? (key as unknown[])[0]
    : (value as { userId?: unknown } | null)?.userId

function without(records: QueueRecords, uid: string): { kept: QueueRecords; dropped: number } {
  let dropped = 0
  for (const { value } of records.mutations ?? []) {
    const batch = value as { userId?: unknown; mutations?: unknown[] }
    if (batch.userId === uid) dropped += batch.mutations?.length ?? 0
  }
  const kept = Object.fromEntries(
    Object.entries(records).map(([store, list]) => [
      store,
      list?.filter((record) => ownerOf(store, record) !== uid),
    ]),
  )
  return { kept, dropped }
}

async function restoreQueue(name: string, records: QueueRecords): Promise<void> {
  const db = await opened(name)
  if (!db) throw new Error(`The database ${name} was not made again`)
  try {
    const transaction = db.transaction(QUEUE_STORES, 'readwrite')
    for (const store of QUEUE_STORES) {
      const target = transaction.objectStore(store)
      for (const { key, value } of records[store] ?? []) {
        if (target.keyPath === null) target.put(value, key)
        else target.put(value)
      }
    }
    await committed(transaction)
  } finally {
    db.close()
  }
}

export async function batchesOf(name: string, uid: string): Promise<number> {
  const db = await opened(name)
  if (!db) return 0
  try {
    const index = db
      .transaction('mutations', 'readonly')
      .objectStore('mutations')
      .index('userMutationsIndex')
    return await done(index.count(IDBKeyRange.bound([uid, -Infinity], [uid, Infinity])))
  } finally {
    db.close()
  }
}

/**
 * Puts the unsent writes, but `drop`'s, back into the database `make` makes anew (`holding`:
 * meanwhile in memory only). Resolves with how many changes of `drop`'s went.
 */
export async function clearKeepingUnsent(
  name: string,
  {
    remove,
    make,
    holding,
    drop,
  }: {
    remove: () => Promise<void>
    make: () => Promise<void>
    holding: (held: boolean) => void
    drop?: string
  },
): Promise<number> {
  const queued = await readQueue(name)
  const { kept: unsent, dropped } =
    drop === undefined ? { kept: queued, dropped: 0 } : without(queued, drop)
  holding(hasWrites(unsent))
  try {
    await remove()
    for (let attempt = 1; hasWrites(unsent); attempt++) {
      await make()
      try {
        await restoreQueue(name, unsent)
        break
      } catch (err) {
        if (attempt === 3) throw err
      }
    }
    return dropped
  } finally {
    holding(false)
  }
}
