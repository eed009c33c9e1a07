import { addTasks, expect, test } from './fixtures'
import { hasAuthAccount } from './support/account'
import { storedCountOf, storedListsOf } from './support/backend'
import { expectGone, openDeletion } from './support/deletion'
import { AUTH, goOffline, goOnline } from './support/network'
import { signInThroughEmulatorPopup } from './support/offline-google'

// Delete account on the production build with both emulators: every task and the Auth account
// gone (the emulators' admin views say so), the person signed out, nothing of theirs left on
// the device. Its connection cut at each point: account.deleteCuts.spec.ts.

test('Delete account: every task and list, then the account; signed out, nothing of theirs stays', async ({
  signedIn: page,
  person,
}) => {
  await addTasks(page, 'Water the plants')
  await page.getByRole('button', { name: 'New list' }).click()
  await page.getByRole('textbox', { name: 'New list name' }).fill('Home')
  await page.getByRole('button', { name: 'Add list' }).click()
  await addTasks(page, 'Call the plumber')
  await expect.poll(() => storedCountOf(page.request, person.email)).toBe(2)
  await expect.poll(async () => (await storedListsOf(page.request, person.email)).length).toBe(1)
  expect(await hasAuthAccount(page.request, person.email)).toBe(true)
  const dialog = await openDeletion(page)
  await expect(dialog).toContainText(
    'This deletes your account and your 2 tasks, on every device. It cannot be undone.',
  )
  await expect(dialog.getByRole('button', { name: 'Export first' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete account' }).click()
  await expectGone(page, person)
  expect(await storedListsOf(page.request, person.email)).toEqual([])
  // A reload finds nobody: the signed-out page from its first paint.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
})

test('offline, Delete account is refused and nothing is deleted', async ({
  signedIn: page,
  person,
}) => {
  await addTasks(page, 'Water the plants')
  await expect.poll(() => storedCountOf(page.request, person.email)).toBe(1)
  await goOffline(page.context())
  const dialog = await openDeletion(page)
  await dialog.getByRole('button', { name: 'Delete account' }).click()
  await expect(dialog.getByRole('status')).toHaveText(
    'You are offline: an account can be deleted only while connected. Nothing was deleted.',
  )
  await goOnline(page.context())
  expect(await storedCountOf(page.request, person.email)).toBe(1)
  expect(await hasAuthAccount(page.request, person.email)).toBe(true)
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expectGone(page, person)
})

test('on auth/requires-recent-login, the sign-in popup again, and the deletion goes on', async ({
  signedIn: page,
  person,
}) => {
  await addTasks(page, 'Water the plants')
  // The Auth emulator never asks for a recent sign-in: its first answer to accounts:delete says
  // what Google's says to an old one.
  let refused = 0
  await page
    .context()
    .route(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:delete*`, (route) => {
      if (refused++ > 0) return route.fallback()
      return route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 400, message: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN', errors: [] },
        }),
      })
    })
  const dialog = await openDeletion(page)
  await dialog.getByRole('button', { name: 'Delete account' }).click()
  await expect(dialog.getByRole('status')).toHaveText(
    'Your tasks are deleted. Sign in again to finish deleting your account.',
  )
  expect(await storedCountOf(page.request, person.email)).toBe(0)
  expect(await hasAuthAccount(page.request, person.email)).toBe(true)
  await signInThroughEmulatorPopup(page, person, () =>
    dialog.getByRole('button', { name: 'Sign in again' }).click(),
  )
  await expectGone(page, person)
})
