import type { Page } from '@playwright/test'

// What the Firestore SDK keeps on the device, read (never changed) from the page's IndexedDB:
// its database is `firestore/[DEFAULT]/<project>/main`, its write queue the `mutations` store
// (one record per batch of this browser's unacknowledged writes, of any user).

/** One write waiting in the SDK's queue: the document, and the fields it sets (none: delete). */
export interface QueuedWrite {
  id: string
  user: string
  fields: string[] | 'all'
  deletes: boolean
  /** The values it sets (strings, booleans and numbers), by field. */
  values: Record<string, unknown>
  /** The owner's e-mail the write stores, when it sets one. */
  email?: string
}

/** The names of the SDK's IndexedDB databases on this device (none once cleared). */
export function firestoreDatabases(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases())
      .map(({ name }) => name ?? '')
      .filter((name) => name.startsWith('firestore/')),
  )
}

/**
 * Every IndexedDB store of the page's origin as JSON, by `database/store` (with `only`, the
 * databases named with that prefix and suffix, and that one store), and its local and session
 * storage.
 */
function readDevice(page: Page, only?: { prefix: string; suffix: string; store: string }) {
  return page.evaluate(async (only) => {
    const stores: Record<string, string> = {}
    for (const { name } of await indexedDB.databases()) {
      if (!name || (only && !(name.startsWith(only.prefix) && name.endsWith(only.suffix)))) continue
      // Never made by reading: one gone since it was listed is skipped (the app may be
      // deleting it), not made anew, empty, under the app's feet.
      const db = await new Promise<IDBDatabase | null>((resolve) => {
        const open = indexedDB.open(name)
        open.onupgradeneeded = () => {
          open.transaction?.abort()
        }
        open.onsuccess = () => {
          resolve(open.result)
        }
        open.onerror = () => {
          resolve(null)
        }
      })
      if (db === null) continue
      try {
        for (const store of Array.from(db.objectStoreNames)) {
          if (only && store !== only.store) continue
          const all = db.transaction(store).objectStore(store).getAll()
          stores[`${name}/${store}`] = await new Promise<string>((resolve, reject) => {
            all.onsuccess = () => {
              resolve(JSON.stringify(all.result))
            }
            all.onerror = () => {
              reject(all.error ?? new Error(`read ${store}`))
            }
          })
        }
      } finally {
        db.close()
      }
    }
    return {
      local: Object.fromEntries(Object.entries(localStorage)),
      session: Object.fromEntries(Object.entries(sessionStorage)),
      stores,
    }
  }, only)
}

interface StoredValue {
  stringValue?: string
  booleanValue?: boolean
  integerValue?: string
  doubleValue?: number
}

/** One batch of the SDK's `mutations` store, as it keeps it. */
interface QueuedBatch {
  userId: string
  mutations: {
    update?: { name: string; fields?: Record<string, StoredValue> }
    updateMask?: { fieldPaths: string[] }
    delete?: string
  }[]
}

/** The writes waiting in the SDK's queue on this device, oldest first. */
export async function queuedWrites(page: Page): Promise<QueuedWrite[]> {
  const only = { prefix: 'firestore/', suffix: '/main', store: 'mutations' }
  const { stores } = await readDevice(page, only)
  const batches = Object.values(stores).flatMap((json) => JSON.parse(json) as QueuedBatch[])
  return batches.flatMap((batch) =>
    batch.mutations.map((write): QueuedWrite => {
      const path = write.update?.name ?? write.delete ?? ''
      const fields = write.update?.fields ?? {}
      const named = write.updateMask?.fieldPaths ?? Object.keys(fields)
      const values = Object.fromEntries(
        named.map((field) => {
          const value = fields[field]
          return [
            field,
            value?.stringValue ??
              value?.booleanValue ??
              value?.doubleValue ??
              (value?.integerValue === undefined ? undefined : Number(value.integerValue)),
          ]
        }),
      )
      return {
        id: path.split('/').at(-1) ?? '',
        user: batch.userId,
        fields: write.updateMask?.fieldPaths ?? (write.update ? 'all' : []),
        deletes: write.delete !== undefined,
        values,
        ...(fields.email?.stringValue !== undefined && { email: fields.email.stringValue }),
      }
    }),
  )
}

/** Everything the app's origin keeps: local and session storage, and each IndexedDB store. */
export interface DeviceDump {
  local: Record<string, string>
  session: Record<string, string>
  /** `database/store` → its records as JSON, for the stores holding any. */
  stores: Record<string, string>
}

export async function deviceDump(page: Page): Promise<DeviceDump> {
  const { local, session, stores } = await readDevice(page)
  const held = Object.entries(stores).filter(([, json]) => json !== '[]')
  return { local, session, stores: Object.fromEntries(held) }
}

/**
 * Everything the app's origin keeps in IndexedDB, local and session storage, as text: to
 * search for what a person left on the device.
 */
export async function deviceText(page: Page): Promise<string> {
  const { local, session, stores } = await readDevice(page)
  return [
    JSON.stringify(Object.entries(local)),
    JSON.stringify(Object.entries(session)),
    ...Object.entries(stores).map(([store, json]) => `${store}: ${json}`),
  ].join('\n')
}
