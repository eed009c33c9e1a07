import type { Task } from '../types'
import type { OutboxEntry } from './coalesce'

/** Where the outbox and the kept lists live: IndexedDB, or memory where it is unusable. */
export interface LocalStore {
  /** Whether what it holds survives a reload (false for memory). */
  readonly durable: boolean
  /**
   * Replaces the entry of document `id` by `change(current, nextSeq)` in one atomic step
   * (one IndexedDB transaction, so tabs never interleave); null removes it.
   */
  changeEntry(
    id: string,
    change: (current: OutboxEntry | undefined, nextSeq: number) => OutboxEntry | null,
  ): Promise<void>
  /** The entries of one owner, oldest change first. */
  entriesOf(email: string): Promise<OutboxEntry[]>
  /** The last list kept for `email`, or null. */
  getList(email: string): Promise<Task[] | null>
  /**
   * Keeps `tasks` as the list of `email` and, in the same step, removes that owner's
   * acknowledged entries: the list, read from the app's state just before, shows them.
   */
  putList(email: string, tasks: Task[]): Promise<void>
  /** Forgets the list kept for `email` (after they signed out); their entries stay. */
  removeList(email: string): Promise<void>
}

/** Storage in memory; `seq` continues a sequence already used (by device storage that failed). */
export function createMemoryStore(seq = 0): LocalStore {
  const entries = new Map<string, OutboxEntry>()
  const lists = new Map<string, Task[]>()
  return {
    durable: false,
    changeEntry: (id, change) => {
      const next = change(entries.get(id), ++seq)
      if (next) entries.set(id, next)
      else entries.delete(id)
      return Promise.resolve()
    },
    entriesOf: (email) =>
      Promise.resolve(
        [...entries.values()]
          .filter((entry) => entry.email === email)
          .sort((a, b) => a.seq - b.seq),
      ),
    getList: (email) => Promise.resolve(structuredClone(lists.get(email) ?? null)),
    putList: (email, tasks) => {
      lists.set(email, structuredClone(tasks))
      for (const [id, entry] of entries) {
        if (entry.email === email && entry.acknowledged) entries.delete(id)
      }
      return Promise.resolve()
    },
    removeList: (email) => {
      lists.delete(email)
      return Promise.resolve()
    },
  }
}

const DB_NAME = 'todo'
const OUTBOX = 'outbox'
const LISTS = 'lists'
const META = 'meta'

const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result)
    }
    request.onerror = () => {
      reject(request.error ?? new Error('IndexedDB request failed'))
    }
  })

const committed = (transaction: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    transaction.oncomplete = () => {
      resolve()
    }
    transaction.onerror = () => {
      reject(transaction.error ?? new Error('IndexedDB transaction failed'))
    }
    transaction.onabort = () => {
      reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
    }
  })

export async function openIndexedDbStore(
  factory: IDBFactory = indexedDB,
): Promise<LocalStore & { close(): void }> {
  const open = factory.open(DB_NAME, 1)
  open.onupgradeneeded = () => {
    const db = open.result
    db.createObjectStore(OUTBOX, { keyPath: 'id' }).createIndex('email', 'email')
    db.createObjectStore(LISTS)
    db.createObjectStore(META)
  }
  const db = await done(open)
  // Another tab upgrading the database later asks this one to let go.
  db.onversionchange = () => {
    db.close()
  }

  return {
    durable: true,
    close: () => {
      db.close()
    },
    async changeEntry(id, change) {
      const transaction = db.transaction([OUTBOX, META], 'readwrite')
      const outbox = transaction.objectStore(OUTBOX)
      const meta = transaction.objectStore(META)
      const [current, lastSeq] = await Promise.all([
        done(outbox.get(id) as IDBRequest<OutboxEntry | undefined>),
        done(meta.get('seq') as IDBRequest<number | undefined>),
      ])
      const seq = (lastSeq ?? 0) + 1
      meta.put(seq, 'seq')
      const next = change(current, seq)
      if (next) outbox.put(next)
      else outbox.delete(id)
      await committed(transaction)
    },
    async entriesOf(email) {
      const transaction = db.transaction(OUTBOX, 'readonly')
      const index = transaction.objectStore(OUTBOX).index('email')
      const entries = await done(index.getAll(email) as IDBRequest<OutboxEntry[]>)
      return entries.sort((a, b) => a.seq - b.seq)
    },
    async getList(email) {
      const transaction = db.transaction(LISTS, 'readonly')
      const list = await done(
        transaction.objectStore(LISTS).get(email) as IDBRequest<Task[] | undefined>,
      )
      return list ?? null
    },
    async putList(email, tasks) {
      const transaction = db.transaction([LISTS, OUTBOX], 'readwrite')
      transaction.objectStore(LISTS).put(tasks, email)
      const outbox = transaction.objectStore(OUTBOX)
      const entries = await done(outbox.index('email').getAll(email) as IDBRequest<OutboxEntry[]>)
      for (const entry of entries) if (entry.acknowledged) outbox.delete(entry.id)
      await committed(transaction)
    },
    async removeList(email) {
      const transaction = db.transaction(LISTS, 'readwrite')
      transaction.objectStore(LISTS).delete(email)
      await committed(transaction)
    },
  }
}

/** How long an IndexedDB open may take before the page goes on without it. */
export const OPEN_TIMEOUT_MS = 4000

/**
 * IndexedDB where it works; memory otherwise (private windows, storage disabled or full), with
 * a warning, so the app keeps working and only durability across reloads is lost. An open that
 * does not answer within `timeoutMs` (a stuck browser profile) is given up for this page: if it
 * answers later, the database is closed unused, so writes recorded there long ago are never
 * sent behind the person's back.
 */
export async function openLocalStore(
  warn: (message: string, err?: unknown) => void,
  factory: IDBFactory | undefined = typeof indexedDB === 'undefined' ? undefined : indexedDB,
  timeoutMs = OPEN_TIMEOUT_MS,
): Promise<LocalStore> {
  if (!factory) {
    warn('IndexedDB is not available: pending changes are kept in memory only')
    return createMemoryStore()
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      resolve('timeout')
    }, timeoutMs)
  })
  const opening = openIndexedDbStore(factory)
  try {
    const opened = await Promise.race([opening, timedOut])
    if (opened !== 'timeout') return opened
    warn('IndexedDB did not answer: pending changes are kept in memory only')
    opening.then(
      (late) => {
        late.close()
      },
      () => undefined,
    )
    return createMemoryStore()
  } catch (err) {
    warn('IndexedDB could not be opened: pending changes are kept in memory only', err)
    return createMemoryStore()
  } finally {
    clearTimeout(timer)
  }
}
