import { addTasks, expect, row, signIn, syncLine, test } from './fixtures'
import { storedTasksOf } from './support/backend'
import { queuedWrites } from './support/deviceStore'
import { setSlowDisk, slowDiskOf } from './support/faultInjector'
import { LISTEN_CHANNEL } from './support/network'

// The server has a change before the page hears so: the live query shows it late, or the SDK
// takes its acknowledgement in late (issue 37, with 5,000 tasks on a busy machine: 'Saving…'
// stayed up 75 s after the server had the last write, and Log Out once said changes were not
// sent that the server had). What the page says follows the server's acknowledgement.

const UNSENT = 'Signed out. Changes not yet sent stay on this device until you sign in here again.'

test('"Saving…" goes once the server has every change, while the live query cannot show them', async ({
  signedIn: page,
  person,
  request,
}) => {
  await addTasks(page, 'Call the plumber')
  await expect.poll(() => queuedWrites(page)).toEqual([])

  // The SDK holds a written task as pending until its query shows the server's version: here
  // the query's channel refuses every request from now on. After a reload the list comes from
  // the device, and writes still reach the server on their own channel.
  let refused = 0
  await page.route(LISTEN_CHANNEL, (route) => {
    refused++
    return route.abort('connectionreset')
  })
  await page.reload()
  await expect(row(page, 'Call the plumber')).toBeVisible()
  await expect.poll(() => refused).toBeGreaterThan(0)

  await row(page, 'Call the plumber').getByRole('button', { name: 'Mark as complete' }).click()
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.isFinished))
    .toEqual([true])
  await expect.poll(() => queuedWrites(page)).toEqual([])
  await expect(syncLine(page)).toBeEmpty()
  // And it stays so after more of the SDK's tries (it said 'Saving…' a second after the click).
  const refusedBefore = refused
  await expect.poll(() => refused).toBeGreaterThan(refusedBefore + 1)
  await expect(syncLine(page)).toBeEmpty()
})

test('Log Out right after a change the server has, acknowledged late: signed out, nothing said unsent', async ({
  context,
  page,
  person,
  request,
}) => {
  await slowDiskOf(context)
  await page.goto('./')
  await signIn(page, person)
  await addTasks(page, 'Pay the rent')
  await expect.poll(() => queuedWrites(page)).toEqual([])

  // Each commit the SDK waits for now comes 2 s late: the server has the change long before the
  // SDK has taken in its acknowledgement (more than the 3 s Log Out used to wait).
  await setSlowDisk(page, 2000)
  await row(page, 'Pay the rent').getByRole('button', { name: 'Mark as complete' }).click()
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.isFinished))
    .toEqual([true])
  expect(await queuedWrites(page)).not.toEqual([])
  // Logged just before the page says whether anything stays (auth/listeners.ts).
  const signedOut = page.waitForEvent('console', {
    predicate: (message) => message.text() === 'Signed out successfully',
    timeout: 60_000,
  })
  await page.getByRole('button', { name: 'Log Out' }).click()
  await signedOut
  await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
  expect(await syncLine(page).textContent()).not.toBe(UNSENT)
  await setSlowDisk(page, 0)
  // Nothing of theirs is left queued on the device: it was all on the server.
  await expect.poll(() => queuedWrites(page), { timeout: 60_000 }).toEqual([])
})
