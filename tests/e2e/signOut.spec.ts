import type { Page } from '@playwright/test'
import {
  addTasks,
  expect,
  newPerson,
  recordShownTexts,
  rowTexts,
  signIn,
  syncLine,
  taskRows,
  test,
  type Person,
} from './fixtures'
import { storedTasksOf } from './support/backend'
import { deviceText, firestoreDatabases, queuedWrites } from './support/deviceStore'
import { firestoreProject } from './support/emulator'
import { goOffline, goOnline } from './support/network'

// Log Out on a shared computer: what stays on the device, and what the next person sees.

const UNSAVED_LEFT =
  'Signed out. Changes not yet sent stay on this device until you sign in here again.'

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
}

async function nextPersonSeesNothingOf(page: Page, next: Person, texts: string[]) {
  const shown = await recordShownTexts(page, '.task-text')
  await signIn(page, next)
  await expect(page.getByText('No tasks have been added yet')).toBeVisible()
  await addTasks(page, 'Their own task')
  await expect
    .poll(async () => (await storedTasksOf(page.request, next.email)).map(({ task }) => task))
    .toEqual(['Their own task'])
  const seen = await shown()
  expect(seen).toEqual(['Their own task'])
  expect(texts.filter((text) => seen.includes(text))).toEqual([])
}

test('everything saved: Log Out leaves nothing of the person on the device, and the next person sees none of it', async ({
  signedIn: page,
  person,
  request,
}) => {
  const texts = ['Book the dentist', 'Call the bank about the loan']
  await addTasks(page, ...texts)
  await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(2)
  expect(await firestoreDatabases(page)).toEqual([`firestore/[DEFAULT]/${firestoreProject()}/main`])
  expect(await deviceText(page)).toContain(texts[0])

  await logOut(page)
  // Focus went with the picture: Login now, in its place, has it, not the page.
  await expect(page.getByRole('button', { name: 'Login now' })).toBeFocused()
  await expect(syncLine(page)).toBeEmpty()
  // The SDK's database (cached tasks, queue) is deleted; Auth's keeps no user.
  await expect.poll(() => firestoreDatabases(page)).toEqual([])
  const left = await deviceText(page)
  for (const trace of [person.email, person.displayName, ...texts]) {
    expect(left).not.toContain(trace)
  }

  await nextPersonSeesNothingOf(page, newPerson('Next Person'), texts)
})

/** Offline, `person` adds a task and logs out: the page says it stays on the device. */
async function logOutWithUnsent(page: Page, person: Person) {
  await addTasks(page, 'Saved before')
  await expect.poll(async () => (await storedTasksOf(page.request, person.email)).length).toBe(1)
  // Acknowledged too: a write the server holds stays queued until the answer has come back.
  await expect.poll(() => queuedWrites(page)).toEqual([])
  await goOffline(page.context())
  await addTasks(page, 'Unsent offline')
  await expect.poll(async () => (await queuedWrites(page)).length).toBe(1)
  await logOut(page)
  await expect(syncLine(page)).toHaveText(UNSAVED_LEFT)
  expect(await rowTexts(page)).toEqual([])
  await goOnline(page.context())
}

async function signsInAndGetsIt(page: Page, person: Person) {
  await signIn(page, person)
  await expect(taskRows(page)).toHaveCount(2)
  await expect
    .poll(async () => (await storedTasksOf(page.request, person.email)).map(({ task }) => task))
    .toEqual(['Saved before', 'Unsent offline'])
  await expect(syncLine(page)).toBeEmpty()
}

test('offline with a change unsent: Log Out says it stays on the device, and the next sign-in sends it', async ({
  signedIn: page,
  person,
}) => {
  await logOutWithUnsent(page, person)
  // The device is cleared and the unsent change put back, as Log Out goes on.
  await expect
    .poll(async () => (await queuedWrites(page)).map(({ email }) => email))
    .toEqual([person.email])
  await signsInAndGetsIt(page, person)
})

test('a change left unsent survives another person signing in and out before its owner returns', async ({
  signedIn: page,
  person,
}) => {
  await logOutWithUnsent(page, person)
  await nextPersonSeesNothingOf(page, newPerson('Next Person'), ['Saved before', 'Unsent offline'])
  await logOut(page)
  await expect
    .poll(async () => (await queuedWrites(page)).map(({ email }) => email))
    .toEqual([person.email])
  await signsInAndGetsIt(page, person)
})
