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

/** The writes waiting in the SDK's queue on this device, oldest first. */
export function queuedWrites(page: Page): Promise<QueuedWrite[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases())
      .map(({ name }) => name ?? '')
      .filter((name) => name.startsWith('firestore/') && name.endsWith('/main'))
    const writes: QueuedWrite[] = []
    for (const name of names) {
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
        if (!db.objectStoreNames.contains('mutations')) continue
        const batches = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction('mutations').objectStore('mutations').getAll()
          all.onsuccess = () => {
            resolve(all.result)
          }
          all.onerror = () => {
            reject(all.error ?? new Error('read mutations'))
          }
        })
        for (const batch of batches as {
          userId: string
          mutations: {
            update?: {
              name: string
              fields?: Record<
                string,
                {
                  stringValue?: string
                  booleanValue?: boolean
                  integerValue?: string
                  doubleValue?: number
                }
              >
            }
            updateMask?: { fieldPaths: string[] }
            delete?: string
          }[]
        }[]) {
          for (const write of batch.mutations) {
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
            writes.push({
              id: path.split('/').at(-1) ?? '',
              user: batch.userId,
              fields: write.updateMask?.fieldPaths ?? (write.update ? 'all' : []),
              deletes: write.delete !== undefined,
              values,
              ...(write.update?.fields?.email?.stringValue !== undefined && {
                email: write.update.fields.email.stringValue,
              }),
            })
          }
        }
      } finally {
        db.close()
      }
    }
    return writes
  })
}

/** Everything the app's origin keeps: local and session storage, and each IndexedDB store. */
export interface DeviceDump {
  local: Record<string, string>
  session: Record<string, string>
  /** `database/store` → its records as JSON, for the stores holding any. */
  stores: Record<string, string>
}

export function deviceDump(page: Page): Promise<DeviceDump> {
  return page.evaluate(async () => {
    const stores: Record<string, string> = {}
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
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
      for (const store of Array.from(db.objectStoreNames)) {
        const all = db.transaction(store).objectStore(store).getAll()
        const records = await new Promise<unknown[]>((resolve, reject) => {
          all.onsuccess = () => {
            resolve(all.result)
          }
          all.onerror = () => {
            reject(all.error ?? new Error(`read ${store}`))
          }
        })
        if (records.length > 0) stores[`${name}/${store}`] = JSON.stringify(records)
      }
      db.close()
    }
    return {
      local: Object.fromEntries(Object.entries(localStorage)),
      session: Object.fromEntries(Object.entries(sessionStorage)),
      stores,
    }
  })
}

/**
 * Everything the app's origin keeps in IndexedDB, local and session storage, as text: to
 * search for what a person left on the device.
 */
export function deviceText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [
      JSON.stringify(Object.entries(localStorage)),
      JSON.stringify(Object.entries(sessionStorage)),
    ]
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
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
      for (const store of Array.from(db.objectStoreNames)) {
        const all = db.transaction(store).objectStore(store).getAll()
        parts.push(
          await new Promise<string>((resolve, reject) => {
            all.onsuccess = () => {
              resolve(`${name}/${store}: ${JSON.stringify(all.result)}`)
            }
            all.onerror = () => {
              reject(all.error ?? new Error(`read ${store}`))
            }
          }),
        )
      }
      db.close()
    }
    return parts.join('\n')
  })
}
