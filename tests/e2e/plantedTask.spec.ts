import type { Page } from '@playwright/test'
import { addTasks, expect, newPerson, rowTexts, signIn, syncLine, test } from './fixtures'
import { storedTasksOf } from './support/backend'
import { queuedWrites } from './support/deviceStore'
import { goOffline, goOnline } from './support/network'

// Someone at a shared browser points the spec's `userEmail` (session storage) at another
// account and adds a task, hoping it lands in that account when its owner signs in here. The
// owner of every write is the signed-in user: the task is theirs, never the other account's.

const PLANTED = 'Planted task'

async function plant(page: Page, victimEmail: string) {
  await page.evaluate((email) => {
    sessionStorage.setItem('userEmail', email)
  }, victimEmail)
  await addTasks(page, PLANTED)
}

async function victimSignsIn(page: Page, victim: ReturnType<typeof newPerson>) {
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
  await signIn(page, victim)
  await expect(page.getByText('No tasks have been added yet')).toBeVisible()
  // The victim's own add reaches the server: whatever was queued before it was sent by then.
  await addTasks(page, 'Victim’s own')
  await expect
    .poll(async () => (await storedTasksOf(page.request, victim.email)).map(({ task }) => task))
    .toEqual(['Victim’s own'])
  expect(await rowTexts(page)).toEqual(['Victim’s own'])
}

test('online: the planted task is saved in the account of whoever added it, and the other account never has it', async ({
  signedIn: page,
  person,
  request,
}) => {
  const victim = newPerson('Victim')
  await plant(page, victim.email)
  // It went to the signed-in person's account: the e-mail stored is theirs.
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map(({ task }) => task))
    .toEqual([PLANTED])

  await victimSignsIn(page, victim)
  expect((await storedTasksOf(request, victim.email)).map(({ task }) => task)).toEqual([
    'Victim’s own',
  ])
  expect((await storedTasksOf(request, person.email)).map(({ email }) => email)).toEqual([
    person.email,
  ])
})

test('offline: the planted task waits on the device under its author, and is not sent when the other account signs in', async ({
  signedIn: page,
  context,
  person,
  request,
}) => {
  const victim = newPerson('Victim')
  await goOffline(context)
  await plant(page, victim.email)
  // Queued as the signed-in person's task, not as the account named in session storage.
  await expect
    .poll(async () => (await queuedWrites(page)).map(({ email }) => email))
    .toEqual([person.email])
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(syncLine(page)).toHaveText(/^Signed out\. Changes not yet sent stay on this device/)
  await goOnline(context)
  await page.getByRole('button', { name: 'Login now' }).waitFor()
  await signIn(page, victim)
  await expect(page.getByText('No tasks have been added yet')).toBeVisible()
  await addTasks(page, 'Victim’s own')
  await expect
    .poll(async () => (await storedTasksOf(request, victim.email)).map(({ task }) => task))
    .toEqual(['Victim’s own'])
  expect(await rowTexts(page)).toEqual(['Victim’s own'])
  // Nowhere on the server yet: it is still its author's, queued on this device.
  expect(await storedTasksOf(request, person.email)).toEqual([])
  await expect
    .poll(async () => (await queuedWrites(page)).map(({ email }) => email))
    .toEqual([person.email])
})
