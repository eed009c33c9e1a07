import { expect, newPerson, rowTexts, signIn, test } from './fixtures'
import { storeInOldOutbox } from '../support/oldOutbox'
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
  // An add, an update of the fields changed offline, a delete, as the old code stored them.
  const task = (id: string, text: string, isFinished: boolean, order: number) => ({
    id,
    task: text,
    isFinished,
    email: person.email,
    order,
  })
  const old = { email: person.email, attempted: false }
  await page.evaluate(storeInOldOutbox, {
    entries: [
      {
        ...old,
        seq: 1,
        id: 'old-add-1',
        kind: 'add',
        task: task('old-add-1', 'Added before the upgrade', false, 1.5),
      },
      {
        ...old,
        seq: 2,
        id: `${prefix}x0`,
        kind: 'update',
        task: task(`${prefix}x0`, 'Server task 1', true, 2 ** 41),
        fields: ['isFinished', 'order'],
      },
      { ...old, seq: 3, id: `${prefix}x2`, kind: 'delete' },
    ],
  })

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
