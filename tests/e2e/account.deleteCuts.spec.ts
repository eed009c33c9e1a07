import type { Locator, Page } from '@playwright/test'
import { expect, test, type Person } from './fixtures'
import { authAccountOf } from './support/account'
import {
  afterDeleteBatches,
  cutWhen,
  expectGone,
  markRequest,
  plantTasks,
  watchReactErrors,
  serverHolds,
} from './support/deletion'
import { queuedWrites } from './support/deviceStore'
import { AUTH, goOffline, goOnline, WRITE_CHANNEL } from './support/network'
import { counted, sized } from './support/sizes'
import { MAX_BATCH_WRITES } from '../../src/services/types'

// Delete account is all or nothing: the connection cut at each point of it (before the first
// batch of deletes, between two, after the last, during the Auth call) on a list of more
// tasks than one batch takes, and what the server then holds (the emulators' admin views): everything as it was
// but what was deleted, with the account, said as it is; then Try again deletes the rest.

// Hundreds of tasks stored and deleted, some twice over, on the emulator: minutes on a busy
// machine.
test.describe.configure({ timeout: 480_000 })

// 1,200 in a full run; in `npm test` 600: two batches of deletes (over MAX_BATCH_WRITES, 500),
// so that a cut can fall between them.
const COUNT = sized(1200, MAX_BATCH_WRITES + 100)
/** What is left once the first batch is deleted. */
const AFTER_FIRST = COUNT - MAX_BATCH_WRITES
const TRY_AGAIN_NOTE = 'try again once you are back online'

/** The page signed in with COUNT tasks, its Delete account dialog open; and their uid. */
async function withTasks(page: Page, person: Person) {
  const dialog = await plantTasks(page, person, COUNT)
  const uid = await authAccountOf(page.request, person.email)
  if (uid === null) throw new Error('No account')
  return { dialog, uid }
}

/** Back online, Try again: it finishes, whatever the cut left. */
async function tryAgain(page: Page, dialog: Locator, person: Person) {
  await goOnline(page.context())
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expectGone(page, person)
}

test('cut before the first batch: nothing deleted, all there; Try again deletes it all', async ({
  signedIn: page,
  person,
}) => {
  const reactErrors = watchReactErrors(page)
  const { dialog, uid } = await withTasks(page, person)
  const cut = cutWhen(page.context(), afterDeleteBatches(0))
  await dialog.getByRole('button', { name: 'Delete account' }).click()
  await cut
  await expect(dialog.getByRole('status')).toHaveText(
    `The connection was lost before anything was deleted. Your account and your tasks are still here: ${TRY_AGAIN_NOTE}.`,
  )
  expect(await serverHolds(page, person, uid)).toEqual({
    tasks: COUNT,
    account: true,
    marked: false,
  })
  await tryAgain(page, dialog, person)
  expect(reactErrors()).toEqual([])
})

test('cut between two batches: 500 deleted, the rest and the account there; Try again finishes', async ({
  signedIn: page,
  person,
}) => {
  const reactErrors = watchReactErrors(page)
  const { dialog, uid } = await withTasks(page, person)
  const cut = cutWhen(page.context(), afterDeleteBatches(1))
  await dialog.getByRole('button', { name: 'Delete account' }).click()
  await cut
  await expect(dialog.getByRole('status')).toHaveText(
    `The connection was lost after ${counted(MAX_BATCH_WRITES)} of ${counted(COUNT)} tasks were deleted. Your account and the other tasks are still here: ${TRY_AGAIN_NOTE}.`,
  )
  expect(await serverHolds(page, person, uid)).toEqual({
    tasks: AFTER_FIRST,
    account: true,
    marked: false,
  })
  await tryAgain(page, dialog, person)
  expect(reactErrors()).toEqual([])
})

test('cut after the last batch: the tasks gone, the account there and able to save; Try again finishes', async ({
  signedIn: page,
  person,
}) => {
  const reactErrors = watchReactErrors(page)
  const { dialog, uid } = await withTasks(page, person)
  const cut = cutWhen(page.context(), markRequest)
  await dialog.getByRole('button', { name: 'Delete account' }).click()
  await cut
  await expect(dialog.getByRole('status')).toHaveText(
    `Your tasks are deleted, but the connection was lost before your account was. Your account is still here: ${TRY_AGAIN_NOTE}.`,
  )
  expect(await serverHolds(page, person, uid)).toEqual({ tasks: 0, account: true, marked: false })
  // The mark and its taking back, both queued, reach the server in turn once it is back:
  // the account is never left unable to save.
  expect((await queuedWrites(page)).map(({ id }) => id)).toEqual([uid, uid])
  await goOnline(page.context())
  await expect.poll(async () => (await queuedWrites(page)).length, { timeout: 60_000 }).toBe(0)
  expect(await serverHolds(page, person, uid)).toEqual({ tasks: 0, account: true, marked: false })
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expectGone(page, person)
  expect(reactErrors()).toEqual([])
})

/** Cuts the first Auth delete call: before it reaches the server, or after, with its answer lost. */
async function cutFirstAuthDelete(page: Page, { delivered }: { delivered: boolean }) {
  let calls = 0
  await page
    .context()
    .route(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:delete*`, async (route) => {
      if (calls++ > 0) {
        await route.fallback()
        return
      }
      // Sent by the test runner on the page's behalf: the server deletes, the page never hears.
      if (delivered) await route.fetch()
      await route.abort('internetdisconnected')
      await goOffline(page.context())
    })
  return () => calls
}

test('the Auth call cut before it reaches the server: the tasks gone, the account there; Try again finishes', async ({
  signedIn: page,
  person,
}) => {
  const reactErrors = watchReactErrors(page)
  const { dialog, uid } = await withTasks(page, person)
  const calls = await cutFirstAuthDelete(page, { delivered: false })
  await dialog.getByRole('button', { name: 'Delete account' }).click()
  await expect(dialog.getByRole('status')).toHaveText(
    'Your tasks are deleted. The connection was lost while your account was being deleted, so it may not be yet: try again once you are back online to finish.',
    { timeout: 120_000 },
  )
  // Marked: no device of theirs can store a task while it is unknown whether the account went.
  expect(await serverHolds(page, person, uid)).toEqual({ tasks: 0, account: true, marked: true })
  await tryAgain(page, dialog, person)
  expect(calls()).toBe(2)
  expect(reactErrors()).toEqual([])
})

test('the Auth call goes through and its answer is lost: Try again finds the account gone', async ({
  signedIn: page,
  person,
}) => {
  const reactErrors = watchReactErrors(page)
  const { dialog, uid } = await withTasks(page, person)
  await cutFirstAuthDelete(page, { delivered: true })
  await dialog.getByRole('button', { name: 'Delete account' }).click()
  await expect(dialog.getByRole('status')).toContainText('so it may not be yet', {
    timeout: 120_000,
  })
  expect(await serverHolds(page, person, uid)).toEqual({ tasks: 0, account: false, marked: true })
  await tryAgain(page, dialog, person)
  expect(reactErrors()).toEqual([])
})

test('the Write channel alone stops answering after a batch, and Try again at once after it is back', async ({
  signedIn: page,
  person,
}) => {
  const reactErrors = watchReactErrors(page)
  const { dialog, uid } = await withTasks(page, person)
  // No offline event: the deletion notices only that the server is silent (STALL_MS).
  let deleteBatches = 0
  const silent = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    const body = route.request().postData() ?? ''
    if (decodeURIComponent(body).includes('"delete":') && ++deleteBatches > 1) {
      await route.abort('connectionreset')
      return
    }
    await route.fallback()
  }
  await page.context().route(WRITE_CHANNEL, silent)
  await dialog.getByRole('button', { name: 'Delete account' }).click()
  await expect(dialog.getByRole('status')).toHaveText(
    `The connection was lost after ${counted(MAX_BATCH_WRITES)} of ${counted(COUNT)} tasks were deleted. Your account and the other tasks are still here: ${TRY_AGAIN_NOTE}.`,
    { timeout: 150_000 },
  )
  expect(await serverHolds(page, person, uid)).toEqual({
    tasks: AFTER_FIRST,
    account: true,
    marked: false,
  })
  // The second batch is still queued on the device: the page's list leaves its tasks out,
  // the server holds them. Trying again at once must not take the list's word for it.
  await page.context().unroute(WRITE_CHANNEL, silent)
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expectGone(page, person)
  expect(reactErrors()).toEqual([])
})
