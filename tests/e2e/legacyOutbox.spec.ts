import { expect, newPerson, rowTexts, signIn, test } from './fixtures'
import { seedList, storedTasksOf } from './support/backend'

// A browser upgraded from the app's versions before the Firestore SDK, with writes still in
// their outbox: the first sign-in hands them to the SDK, which sends them, and the old store goes.

test('writes left in the old outbox reach the server at the next sign-in, and the old store is deleted', async ({
  page,
  request,
}) => {
  const person = newPerson('Upgraded')
  await seedList(person.email, { count: 3, text: (n) => `Server task ${String(n)}` })
  const prefix = person.email.replace(/[^A-Za-z0-9]/g, '')
  await page.goto('./')
  // As the old code stored them (src/services/outbox/storage.ts at 78da334): an add, an update
  // of the fields changed offline, a delete.
  await page.evaluate(
    async ({ email, prefix }) => {
      const db = await new Promise<IDBDatabase>((resolve) => {
        const open = indexedDB.open('todo', 1)
        open.onupgradeneeded = () => {
          open.result.createObjectStore('outbox', { keyPath: 'id' }).createIndex('email', 'email')
          open.result.createObjectStore('lists')
          open.result.createObjectStore('meta')
        }
        open.onsuccess = () => {
          resolve(open.result)
        }
      })
      const task = (id: string, text: string, isFinished: boolean, order: number) => ({
        id,
        task: text,
        isFinished,
        email,
        order,
      })
      const transaction = db.transaction(['outbox', 'meta'], 'readwrite')
      const outbox = transaction.objectStore('outbox')
      const base = { email, attempted: false }
      outbox.put({
        ...base,
        seq: 1,
        id: 'old-add-1',
        kind: 'add',
        task: task('old-add-1', 'Added before the upgrade', false, 1.5),
      })
      outbox.put({
        ...base,
        seq: 2,
        id: `${prefix}x0`,
        kind: 'update',
        task: task(`${prefix}x0`, 'Server task 1', true, 2 ** 41),
        fields: ['isFinished', 'order'],
      })
      outbox.put({ ...base, seq: 3, id: `${prefix}x2`, kind: 'delete' })
      transaction.objectStore('meta').put(3, 'seq')
      await new Promise((resolve) => (transaction.oncomplete = resolve))
      db.close()
    },
    { email: person.email, prefix },
  )

  await signIn(page, person)
  const expected = ['Server task 2', 'Added before the upgrade', 'Server task 1']
  await expect.poll(() => rowTexts(page)).toEqual(expected)
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map(({ task }) => task))
    .toEqual(expected)
  const databases = () =>
    page.evaluate(async () => (await indexedDB.databases()).map(({ name }) => name))
  await expect.poll(databases).not.toContain('todo')
  // A reload sends nothing again.
  await page.reload()
  await expect.poll(() => rowTexts(page)).toEqual(expected)
})
