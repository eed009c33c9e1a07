import { addTasks, expect, row, rowTexts, test } from './fixtures'
import { FIRESTORE, recordCommits, storedTasksOf } from './support/backend'

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

  // Offline: the database cannot be reached. The route is what makes that certain: Chromium's
  // offline emulation alone once let a commit through (a delete reached the server early).
  await context.route(`${FIRESTORE}/**`, (route) => route.abort('internetdisconnected'))
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

  // Reload while the database still cannot be reached (the page itself is served again): the
  // route stays, as back online the page at once sends what waits in its outbox.
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
  await context.unroute(`${FIRESTORE}/**`)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task), {
      timeout: 30_000,
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

  const commits = recordCommits(context)
  await addTasks(page, 'Shared task')
  await expect(row(other, 'Shared task')).toBeVisible()
  await row(other, 'Shared task').getByRole('button', { name: 'Mark as complete' }).click()
  await expect(
    row(page, 'Shared task').getByRole('button', { name: 'Mark as incomplete' }),
  ).toBeVisible()

  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.isFinished))
    .toEqual([true])
  // One add and one update, or one add carrying both when they were coalesced: never twice.
  expect(commits()).toBeGreaterThanOrEqual(1)
  expect(commits()).toBeLessThanOrEqual(2)
})

/** The list kept on the device for `email` (IndexedDB `todo`, store `lists`). Runs in the page. */
function keptList(email: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('todo')
    open.onerror = () => {
      reject(open.error ?? new Error('open failed'))
    }
    open.onsuccess = () => {
      const get = open.result.transaction('lists').objectStore('lists').get(email)
      get.onsuccess = () => {
        open.result.close()
        resolve(((get.result ?? []) as { task: string }[]).map((task) => task.task))
      }
    }
  })
}

test.describe('before Auth has answered', () => {
  // The Auth chunk is held back below, which the service worker would serve from its cache.
  test.use({ serviceWorkers: 'block' })

  test('a returning user’s list shows from the device; after signing out, nobody’s does', async ({
    signedIn: page,
    context,
    person,
    consoleMessages,
  }) => {
    await addTasks(page, 'First', 'Second')
    await expect.poll(() => page.evaluate(keptList, person.email)).toEqual(['First', 'Second'])

    // Auth's check of the stored session never gets an answer.
    const authEmulator = 'http://127.0.0.1:9099/**'
    await context.route(authEmulator, () => undefined)
    await page.reload()
    await expect(row(page, 'Second')).toBeVisible()
    expect(await rowTexts(page)).toEqual(['First', 'Second'])
    await expect(page.getByRole('banner')).toContainText('Checking sign-in…')
    // The prerendered page was hydrated, not replaced, though the list may come meanwhile.
    expect(consoleMessages.filter((text) => /hydrat|minified react error/i.test(text))).toEqual([])

    await context.unroute(authEmulator)
    await page.reload()
    await page.getByRole('button', { name: 'Log Out' }).click()
    await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()

    // Signed out, the next visit shows no list while Auth is still loading: by the time the page
    // asks for the Auth chunk (held back here), a kept list would have been drawn. With nobody
    // remembered, the page says what it will go on saying signed out.
    let authChunkRequested: () => void = () => undefined
    const requested = new Promise<void>((resolve) => {
      authChunkRequested = resolve
    })
    await page.route(/\/assets\/firebaseAuth-[^/]*\.js$/, () => {
      authChunkRequested()
    })
    await page.reload()
    await requested
    await expect(page.getByRole('banner')).toContainText('Plese login to save tasks')
    expect(await rowTexts(page)).toEqual([])
    await expect(page.getByText('No tasks have been added yet')).toBeVisible()
  })
})
