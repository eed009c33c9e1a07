import type { Page } from '@playwright/test'
import { addTasks, expect, row, signIn, test } from './fixtures'
import { seedList, storedTasksOf } from './support/backend'

// A bad start: the network drops a download, or the browser's storage does not answer. The
// app must come through on its own, without a reload.

// The service worker would serve the chunks from its cache: these tests are about the network.
test.use({ serviceWorkers: 'block' })

/** The first download of `pattern` fails (connection reset); returns how many were asked. */
async function failFirstDownload(page: Page, pattern: string): Promise<() => number> {
  let requested = 0
  await page.route(pattern, async (route) => {
    if (requested++ === 0) await route.abort('connectionreset')
    else await route.continue()
  })
  return () => requested
}

test('the database chunk fails to download once: a change is still saved', async ({
  page,
  person,
  request,
}) => {
  const requested = await failFirstDownload(page, '**/assets/firestoreLite-*.js')
  await page.goto('./')
  await signIn(page, person)
  // Loads need no database chunk (the query runs in a worker): the first write fetches it.
  await expect(page.getByText('No tasks have been added yet')).toBeVisible()
  await addTasks(page, 'Saved after a bad start')
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task))
    .toEqual(['Saved after a bad start'])
  expect(requested()).toBeGreaterThan(1)
})

test('the query worker’s script fails to download once: the list still loads', async ({
  page,
  person,
}) => {
  await seedList(person.email, { count: 1, text: () => 'Kept on the server' })
  const requested = await failFirstDownload(page, '**/assets/taskQuery.worker-*.js')
  await page.goto('./')
  await signIn(page, person)
  await expect(row(page, 'Kept on the server')).toBeVisible()
  expect(requested()).toBeGreaterThan(1)
})

test('IndexedDB never answers its open: the server’s list shows, and the page says changes will not survive a reload', async ({
  page,
  person,
  request,
}) => {
  // The app's own database hangs; Firebase Auth's (another name) still works.
  await page.addInitScript(() => {
    const open = indexedDB.open.bind(indexedDB)
    indexedDB.open = (name: string, version?: number) =>
      name === 'todo' ? ({} as IDBOpenDBRequest) : open(name, version)
  })
  await page.goto('./')
  await signIn(page, person)
  await expect(page.getByText('No tasks have been added yet')).toBeVisible()
  await expect(page.getByText(/will not survive a reload/)).toBeVisible()
  await addTasks(page, 'Kept in memory, sent at once')
  await expect(row(page, 'Kept in memory, sent at once')).toBeVisible()
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task))
    .toEqual(['Kept in memory, sent at once'])
})
