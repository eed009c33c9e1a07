/**
 * Stores `entries` in the outbox as the app's versions before the Firestore SDK stored them
 * (`git show 78da334:src/services/outbox/storage.ts`, a file since removed): the database `todo`
 * version 1, its stores and index, one record per document. Self-contained, so a browser test can run it in the page
 * (`page.evaluate(storeInOldOutbox, { entries })`); unit tests pass their own IndexedDB.
 */
export async function storeInOldOutbox({
  entries,
  factory = indexedDB,
}: {
  entries: object[]
  factory?: IDBFactory
}): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve) => {
    const open = factory.open('todo', 1)
    open.onupgradeneeded = () => {
      open.result.createObjectStore('outbox', { keyPath: 'id' }).createIndex('email', 'email')
      open.result.createObjectStore('lists')
      open.result.createObjectStore('meta')
    }
    open.onsuccess = () => {
      resolve(open.result)
    }
  })
  const transaction = db.transaction(['outbox', 'meta'], 'readwrite')
  for (const entry of entries) transaction.objectStore('outbox').put(entry)
  transaction.objectStore('meta').put(entries.length, 'seq')
  await new Promise((resolve) => (transaction.oncomplete = resolve))
  db.close()
}
