import type { Page } from '@playwright/test'
import {
  addTasks,
  expect,
  newPerson,
  signIn,
  syncLine,
  taskRows,
  test,
  type Person,
} from './fixtures'
import { storedTasksOf } from './support/backend'
import { deviceDump, queuedWrites } from './support/deviceStore'
import { goOffline, goOnline } from './support/network'

// One browser, three people in turn (docs/sync.md, "A shared computer"). After each sign-out
// the device keeps the changes nobody has sent yet, in the SDK's queue, and nothing else of
// anyone: no list, no name, no e-mail outside those queued writes.

const UNSAVED_LEFT =
  'Signed out. Changes not yet sent stay on this device until you sign in here again.'
const QUEUE = /\/(mutations|mutationQueues|documentMutations|documentOverlays)$/

/** Signs `person` in, saves `saved` and, offline, leaves `unsent`; then Log Out. */
async function visit(page: Page, person: Person, saved: string, unsent?: string) {
  await signIn(page, person)
  await addTasks(page, saved)
  await expect
    .poll(async () => (await storedTasksOf(page.request, person.email)).map(({ task }) => task))
    .toContain(saved)
  const own = async () =>
    (await queuedWrites(page)).filter(({ email }) => email === person.email).length
  // Acknowledged too: a write the server holds stays queued until its answer has come back.
  await expect.poll(own).toBe(0)
  if (unsent !== undefined) {
    await goOffline(page.context())
    await addTasks(page, unsent)
    await expect.poll(own).toBe(1)
  }
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
  await expect(syncLine(page)).toHaveText(unsent === undefined ? '' : UNSAVED_LEFT)
  if (unsent !== undefined) await goOnline(page.context())
}

/** What the device keeps once everyone has signed out: checked against the docs' promise. */
async function keeps(page: Page, people: Person[], unsent: Map<Person, string>) {
  await expect
    .poll(async () => (await queuedWrites(page)).map(({ values }) => values.task))
    .toEqual([...unsent.values()])
  const { local, session, stores } = await deviceDump(page)
  expect(session).toEqual({})
  for (const person of people) {
    const traces = [person.email, person.displayName, `${person.displayName} saved`]
    for (const trace of traces) {
      expect(JSON.stringify(local)).not.toContain(trace)
      for (const [store, records] of Object.entries(stores)) {
        // The queued writes of a new task hold its text and owner's e-mail: the change itself.
        if (QUEUE.test(store) && unsent.has(person) && trace === person.email) continue
        expect({ store, holds: records.includes(trace) }).toEqual({ store, holds: false })
      }
    }
  }
  return stores
}

test.slow()

test('three people in turn on one browser: each sign-out keeps only the changes not yet sent', async ({
  page,
}) => {
  const [ada, bob, cyd] = [newPerson('Ada'), newPerson('Bob'), newPerson('Cyd')] as const
  const unsent = new Map<Person, string>()
  await page.goto('./')

  unsent.set(ada, 'Ada unsent')
  await visit(page, ada, 'Ada saved', 'Ada unsent')
  await keeps(page, [ada], unsent)

  // Bob saves everything, and is never told of Ada's changes (visit checks the line).
  await visit(page, bob, 'Bob saved')
  await keeps(page, [ada, bob], unsent)

  unsent.set(cyd, 'Cyd unsent')
  await visit(page, cyd, 'Cyd saved', 'Cyd unsent')
  await keeps(page, [ada, bob, cyd], unsent)

  // Ada comes back: her change goes with her token, and her sign-out keeps only Cyd's.
  await signIn(page, ada)
  await expect(taskRows(page)).toHaveCount(2)
  await expect
    .poll(async () => (await storedTasksOf(page.request, ada.email)).map(({ task }) => task))
    .toEqual(['Ada saved', 'Ada unsent'])
  await expect(syncLine(page)).toBeEmpty()
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
  await expect(syncLine(page)).toBeEmpty()
  unsent.delete(ada)
  await keeps(page, [ada, bob, cyd], unsent)

  await signIn(page, cyd)
  await expect
    .poll(async () => (await storedTasksOf(page.request, cyd.email)).map(({ task }) => task))
    .toEqual(['Cyd saved', 'Cyd unsent'])
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
  unsent.delete(cyd)
  const stores = await keeps(page, [ada, bob, cyd], unsent)
  expect(Object.keys(stores).filter((store) => store.startsWith('firestore/'))).toEqual([])
})
