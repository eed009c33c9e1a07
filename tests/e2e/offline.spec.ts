import { addTasks, expect, row, rowTexts, test } from './fixtures'
import { lastRequestId, requestsSince, storedTasksOf } from './support/backend'

/**
 * How many writes wait in the app's outbox (IndexedDB `todo`, store `outbox`) for the server;
 * acknowledged entries only wait for the kept list. Runs in the page.
 */
function pendingEntries(): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('todo')
    open.onerror = () => {
      reject(open.error ?? new Error('open failed'))
    }
    open.onsuccess = () => {
      const all = open.result.transaction('outbox').objectStore('outbox').getAll()
      all.onsuccess = () => {
        open.result.close()
        resolve((all.result as { acknowledged?: true }[]).filter((e) => !e.acknowledged).length)
      }
    }
  })
}

test('a burst of changes offline, a reload while the server is unreachable, then back online: nothing lost', async ({
  signedIn: page,
  context,
  person,
  request,
}) => {
  await addTasks(page, 'Keep', 'Edit me', 'Finish me', 'Delete me')
  await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(4)

  await context.setOffline(true)
  await addTasks(page, 'Added offline')
  await row(page, 'Finish me').getByRole('button', { name: 'Mark as complete' }).click()
  await row(page, 'Edit me').getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('dialog', { name: 'Edit Task' }).getByRole('textbox').fill('Edited offline')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await row(page, 'Delete me').getByRole('button', { name: 'Delete' }).click()
  const shown = ['Keep', 'Edited offline', 'Added offline', 'Finish me']
  expect(await rowTexts(page)).toEqual(shown)
  // A change is durable once the outbox has recorded it in IndexedDB, milliseconds after the
  // click: wait for the four entries before reloading.
  await expect.poll(() => page.evaluate(pendingEntries)).toBe(4)

  // Reload while the database still cannot be reached (the page itself is served again). The
  // route comes first: back online, the page at once sends what waits in its outbox.
  await context.route('http://127.0.0.1:8080/**', (route) => route.abort('internetdisconnected'))
  await context.setOffline(false)
  await page.reload()
  await expect(row(page, 'Added offline')).toBeVisible()
  expect(await rowTexts(page)).toEqual(shown)
  expect((await storedTasksOf(request, person.email)).map((task) => task.task)).toEqual([
    'Keep',
    'Edit me',
    'Finish me',
    'Delete me',
  ])

  // Back online: the pending changes reach the server, and it matches the list.
  await context.unroute('http://127.0.0.1:8080/**')
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task), {
      timeout: 20_000,
    })
    .toEqual(shown)
  const stored = await storedTasksOf(request, person.email)
  expect(stored.map((task) => task.isFinished)).toEqual([false, false, false, true])
})

test('two tabs of one user: a change in one appears in the other, and is written once', async ({
  signedIn: page,
  context,
  person,
  request,
}) => {
  const other = await context.newPage()
  await other.goto('./')
  await expect(other.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
  await expect(other.getByText('No tasks have been added yet')).toBeVisible()

  const since = await lastRequestId(request)
  await addTasks(page, 'Shared task')
  await expect(row(other, 'Shared task')).toBeVisible()
  await row(other, 'Shared task').getByRole('button', { name: 'Mark as complete' }).click()
  await expect(
    row(page, 'Shared task').getByRole('button', { name: 'Mark as incomplete' }),
  ).toBeVisible()

  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.isFinished))
    .toEqual([true])
  const commits = (await requestsSince(request, since)).filter((logged) => logged.kind === 'commit')
  // One add and one update, or one add carrying both when they were coalesced: never twice.
  expect(commits.length).toBeGreaterThanOrEqual(1)
  expect(commits.length).toBeLessThanOrEqual(2)
})
