import {
  addTasks,
  expect,
  row,
  rowTexts,
  signIn,
  syncLine,
  taskInput,
  taskRows,
  test,
} from './fixtures'
import { storedTasksOf } from './support/backend'
import { firestoreDatabases, queuedWrites } from './support/deviceStore'

// The browser's storage fails the app: no IndexedDB from the start (some private windows), or
// no room left in the middle of a session.

const MEMORY_ONLY = 'This device cannot keep your changes: they will not survive a reload'

const noIndexedDb = {
  // Firefox's private windows before 115, some embedded browsers: no IndexedDB at all.
  missing: () => {
    Object.defineProperty(window, 'indexedDB', { configurable: true, get: () => undefined })
  },
  // Storage turned off or broken: every open fails.
  failing: () => {
    IDBFactory.prototype.open = function open() {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError')
    }
  },
}

for (const [how, script] of Object.entries(noIndexedDb)) {
  test(`IndexedDB ${how} at start: the app works, and says changes will not survive a reload`, async ({
    page,
    person,
    request,
  }) => {
    await page.addInitScript(script)
    await page.goto('./')
    await signIn(page, person)
    await expect(syncLine(page)).toHaveText(MEMORY_ONLY)
    await addTasks(page, 'Kept in memory, sent at once')
    await row(page, 'Kept in memory, sent at once')
      .getByRole('button', { name: 'Mark as complete' })
      .click()
    await expect
      .poll(async () =>
        (await storedTasksOf(request, person.email)).map(({ task, isFinished }) => [
          task,
          isFinished,
        ]),
      )
      .toEqual([['Kept in memory, sent at once', true]])
    // Signed in again after a reload (Auth keeps the session in local storage instead).
    await page.reload()
    await expect(row(page, 'Kept in memory, sent at once')).toHaveClass(/finished/)
    await expect(syncLine(page)).toHaveText(MEMORY_ONLY)
  })
}

const DEVICE_FULL =
  'This device is out of storage space: changes may not be kept or sent. Free some space, then reload the page.'

test.describe('storage full in the middle of a session', () => {
  // The quota counts the service worker's copy of the app too; without it, only IndexedDB.
  test.use({ serviceWorkers: 'block' })

  test('the write that finds no room is not saved, and the person is told which; what the SDK then does is recorded', async ({
    page,
    context,
    person,
    request,
    consoleMessages,
  }, testInfo) => {
    test.slow()
    // Chromium reads the quota when the origin's storage opens: set before the first load,
    // a little above what signing in takes, so the session fills it later.
    await page.goto('about:blank')
    const cdp = await context.newCDPSession(page)
    await cdp.send('Storage.overrideQuotaForOrigin', {
      origin: 'http://127.0.0.1:4173',
      quotaSize: 300_000,
    })
    await page.goto('./')
    await signIn(page, person)
    await expect(syncLine(page)).toBeEmpty()

    const refused = () => consoleMessages.filter((text) => text.startsWith('Error adding document'))
    let added = 0
    while (refused().length === 0 && added < 200) {
      added++
      await taskInput(page).fill(`Task ${String(added)} ${'x'.repeat(990)}`)
      await taskInput(page).press('Enter')
      await expect(row(page, `Task ${String(added)} x`)).toBeVisible()
    }
    expect(refused()[0]).toContain('QuotaExceededError')
    // The refusal arrives while later adds are being typed, so the task it names is read from the
    // rows marked as not saved: one of those added, still shown as the person left it.
    await expect(syncLine(page)).toHaveText(DEVICE_FULL)
    const marked = taskRows(page).filter({ hasText: 'Not saved: this device has no room left' })
    const firstNamed = async () =>
      Number(/^Task (\d+) x/.exec((await marked.first().textContent()) ?? '')?.[1] ?? 0)
    await expect.poll(firstNamed).toBeGreaterThanOrEqual(1)
    const named = await firstNamed()
    expect(named).toBeLessThanOrEqual(added)
    await expect(row(page, `Task ${String(named)} x`)).toBeVisible()

    // What happens next, recorded: the queue and the server a while later, more adds, a reload.
    const record: Record<string, unknown> = { addsUntilFull: added, firstNotSaved: named }
    const look = async (when: string) => {
      record[when] = {
        onServer: (await storedTasksOf(request, person.email)).length,
        shown: (await rowTexts(page)).length,
        queued: (await queuedWrites(page)).length,
        syncLine: await syncLine(page).textContent(),
        refused: refused().length,
      }
    }
    await look('atFirstRefusal')
    await addTasks(page, 'Short one', 'Short two')
    // Each refused too, or kept in the queue, or even saved (a short one may still find room):
    // waited for until both are accounted for, then recorded.
    await expect
      .poll(async () => {
        const queued = (await queuedWrites(page)).map(({ values }) => values.task)
        const stored = (await storedTasksOf(request, person.email)).map(({ task }) => task)
        const accounted = ['Short one', 'Short two'].filter(
          (text) => queued.includes(text) || stored.includes(text),
        )
        return refused().length - 1 + accounted.length
      })
      .toBeGreaterThanOrEqual(2)
    await look('afterTwoMoreAdds')
    // The line goes on saying why nothing is sent any more.
    await expect(syncLine(page)).toHaveText(DEVICE_FULL)
    await page.reload()
    await expect(taskInput(page)).toBeVisible()
    await expect(row(page, 'Task 1 x')).toBeVisible()
    await look('afterReload')
    record.databases = await firestoreDatabases(page)
    console.log(`Storage full mid-session: ${JSON.stringify(record)}`)
    await testInfo.attach('quota.json', { body: JSON.stringify(record, null, 2) })
  })
})
