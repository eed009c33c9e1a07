import type { BrowserContext, Page } from '@playwright/test'
import { addTasks, expect, newPerson, row, rowTexts, syncLine, test } from './fixtures'
import { storedTasksOf } from './support/backend'
import { queuedWrites } from './support/deviceStore'
import { device } from './support/devices'
import { AUTH, goOffline, goOnline } from './support/network'

// Offline, the SDK keeps every change in its queue in IndexedDB and sends it once it can:
// across a reload, and past the sign-in token's expiry.

const OFFLINE_PENDING = 'Offline: changes are kept on this device and will be sent'

/** Waits until the service worker controls `page`, which it then can reload offline. */
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })
    })
  })
}

/**
 * Four tasks saved (the server's acknowledgements back too: a write the server holds stays
 * queued until they come), then offline an add, a tick, an edit and a delete, queued on the
 * device.
 */
async function changeWhileOffline(page: Page, context: BrowserContext, email: string) {
  await controlled(page)
  await addTasks(page, 'Keep', 'Edit me', 'Finish me', 'Delete me')
  await expect.poll(async () => (await storedTasksOf(page.request, email)).length).toBe(4)
  await expect.poll(() => queuedWrites(page)).toEqual([])
  await goOffline(context)
  await addTasks(page, 'Added offline')
  await row(page, 'Finish me').getByRole('button', { name: 'Mark as complete' }).click()
  await row(page, 'Edit me').getByRole('button', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Task' })
  await expect(dialog.getByRole('textbox', { name: 'Task' })).toBeFocused()
  await dialog.getByRole('textbox', { name: 'Task' }).fill('Edited offline')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await row(page, 'Delete me').getByRole('button', { name: 'Delete' }).click()
  // Durable once the SDK has queued them in IndexedDB, moments after the clicks.
  await expect.poll(async () => (await queuedWrites(page)).length).toBe(4)
}
const SHOWN = ['Keep', 'Edited offline', 'Added offline', 'Finish me']
const STORED = SHOWN.map((task) => ({ task, isFinished: task === 'Finish me' }))

const storedStates = async (...args: Parameters<typeof storedTasksOf>) =>
  (await storedTasksOf(...args)).map(({ task, isFinished }) => ({ task, isFinished }))

test('changes made offline survive a reload while still offline, and all reach the server once online', async ({
  signedIn: page,
  context,
  person,
  request,
}) => {
  await changeWhileOffline(page, context, person.email)
  expect(await rowTexts(page)).toEqual(SHOWN)
  await expect(syncLine(page)).toHaveText(OFFLINE_PENDING)

  await page.reload()
  await expect(page.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
  await expect(row(page, 'Added offline')).toBeVisible()
  expect(await rowTexts(page)).toEqual(SHOWN)
  await expect(syncLine(page)).toHaveText(OFFLINE_PENDING)
  expect((await storedTasksOf(request, person.email)).map(({ task }) => task)).toEqual([
    'Keep',
    'Edit me',
    'Finish me',
    'Delete me',
  ])

  await goOnline(context)
  await expect.poll(() => storedStates(request, person.email)).toEqual(STORED)
  await expect(syncLine(page)).toBeEmpty()
  // A quiet line means on disk, not yet acknowledged: the queue empties as acknowledgements come.
  await expect.poll(() => queuedWrites(page)).toEqual([])
})

test('70 minutes offline (the sign-in token expires), a reload offline, back online: every change is delivered', async ({
  browser,
  request,
}) => {
  const person = newPerson('Long Flight')
  const { context, page } = await device(browser, person, { clock: true })
  await changeWhileOffline(page, context, person.email)
  // An hour and ten minutes pass: the ID token (an hour) expires, and cannot be refreshed.
  await context.clock.fastForward('01:10:00')
  await page.reload()
  await expect(row(page, 'Added offline')).toBeVisible()
  expect(await rowTexts(page)).toEqual(SHOWN)
  await expect(syncLine(page)).toHaveText(OFFLINE_PENDING)

  // Back online: Auth gets a new token first, then the SDK sends the queue with it.
  const refreshes: string[] = []
  page.on('request', (sent) => {
    if (sent.url().startsWith(`${AUTH}/securetoken.googleapis.com/`)) refreshes.push(sent.url())
  })
  await goOnline(context)
  await expect.poll(() => storedStates(request, person.email)).toEqual(STORED)
  expect(refreshes.length).toBeGreaterThan(0)
  await expect(syncLine(page)).toBeEmpty()
  expect(await rowTexts(page)).toEqual(SHOWN)
  await context.close()
})

test('two tabs of one user: a change in one appears in the other at once', async ({
  signedIn: page,
  context,
  person,
  request,
}) => {
  const other = await context.newPage()
  await other.goto('./')
  await expect(other.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
  await expect(other.getByText('No tasks have been added yet')).toBeVisible()

  await addTasks(page, 'Shared task')
  await expect(row(other, 'Shared task')).toBeVisible()
  await row(other, 'Shared task').getByRole('button', { name: 'Mark as complete' }).click()
  await expect(row(page, 'Shared task')).toHaveClass(/finished/)
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.isFinished))
    .toEqual([true])
})
