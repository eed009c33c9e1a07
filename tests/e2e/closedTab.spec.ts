import type { BrowserContext, Page } from '@playwright/test'
import { expect, newPerson, row, rowButton, signIn, taskInput, test, type Person } from './fixtures'
import { seedList, storedTasksOf } from './support/backend'
import { queuedWrites } from './support/deviceStore'
import { newDevice } from './support/devices'
import { goOffline, goOnline } from './support/network'

// A tab closed a moment after a burst of changes: each change the rows showed reaches the
// server (from the device's disk, on the next visit), or the page asked before closing (the
// browser's "Leave site?"), because the change was still in its memory only. It never asks
// once everything is safe on the device, offline included.

interface Burst {
  name: string
  /** Tasks stored before the visit: n open ones, finished from `finishedFrom`. */
  seed: { count: number; finishedFrom?: number }
  /** The clicks, as quick as the person's; then the server as they leave it. */
  run: (page: Page) => Promise<void>
  expected: string[]
}

/** Two digits: no task's text is a part of another's (as 'Task 1' is of 'Task 10'). */
const textOf = (n: number) => `Task ${String(n).padStart(2, '0')}`
const ADDED = Array.from({ length: 12 }, (_, i) => `Quick ${String(i + 1)}`)

const BURSTS: Burst[] = [
  {
    name: '12 adds',
    seed: { count: 0 },
    run: async (page) => {
      for (const text of ADDED) {
        await taskInput(page).fill(text)
        await taskInput(page).press('Enter')
      }
      await expect(row(page, ADDED.at(-1) ?? '')).toBeVisible()
    },
    expected: ADDED,
  },
  {
    name: 'an edit and 8 ticks',
    seed: { count: 10 },
    run: async (page) => {
      await (await rowButton(page, textOf(10), 'Edit')).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Task' })
      await dialog.getByRole('textbox', { name: 'Task' }).fill(`${textOf(10)}, edited`)
      await dialog.getByRole('textbox', { name: 'Task' }).press('Enter')
      for (let n = 1; n <= 8; n++) {
        await row(page, textOf(n)).getByRole('button', { name: 'Mark as complete' }).click()
      }
      await expect(page.getByRole('button', { name: 'Mark as incomplete' })).toHaveCount(8)
    },
    expected: [
      textOf(9),
      `${textOf(10)}, edited`,
      ...Array.from({ length: 8 }, (_, i) => `${textOf(i + 1)} ✓`),
    ],
  },
  {
    name: '10 deletes',
    seed: { count: 12 },
    run: async (page) => {
      for (let n = 1; n <= 10; n++) await (await rowButton(page, textOf(n), 'Delete')).click()
      await expect(row(page, textOf(10))).toHaveCount(0)
    },
    expected: [textOf(11), textOf(12)],
  },
  {
    name: 'Clear finished on 20 tasks',
    seed: { count: 21, finishedFrom: 1 },
    run: async (page) => {
      await page.getByRole('button', { name: 'Clear finished' }).click()
      await expect(row(page, textOf(21))).toHaveCount(0)
    },
    expected: [textOf(1)],
  },
]

/** The person's tasks on the server: text, and ✓ when finished, in list order. */
const server = (page: Page, person: Person) => async () =>
  (await storedTasksOf(page.request, person.email)).map(
    ({ task, isFinished }) => `${task}${isFinished ? ' ✓' : ''}`,
  )

/** Closes `page` as the browser's close button does; whether it asked first. */
async function closeTab(page: Page): Promise<boolean> {
  let asked = false
  page.on('dialog', (dialog) => {
    if (dialog.type() !== 'beforeunload') return
    asked = true
    // The person leaves all the same: what was in memory only may be lost.
    void dialog.accept()
  })
  const closed = page.waitForEvent('close')
  await page.close({ runBeforeUnload: true })
  await closed
  return asked
}

/** The next visit on the same device: it sends what the last one left on disk. */
async function visitAgain(context: BrowserContext, person: Person): Promise<Page> {
  const page = await context.newPage()
  await page.goto('./')
  await expect(page.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
  return page
}

async function signedInDevice(browser: Parameters<typeof newDevice>[0], burst: Burst) {
  const person = newPerson('Closer')
  if (burst.seed.count > 0) await seedList(person.email, { text: textOf, ...burst.seed })
  const context = await newDevice(browser)
  const page = await context.newPage()
  await page.goto('./')
  await signIn(page, person)
  return { person, context, page }
}

// Each case signs in through the popup and visits twice.
test.slow()

for (const burst of BURSTS) {
  for (const delay of [0, 50, 250]) {
    test(`${burst.name}, the tab closed ${String(delay)} ms after: on the server, or it asked`, async ({
      browser,
    }, testInfo) => {
      const { person, context, page } = await signedInDevice(browser, burst)
      await burst.run(page)
      // The scenario's own pause, as a person's hand on the close button: no result waits on it.
      if (delay > 0) await page.waitForTimeout(delay)
      const asked = await closeTab(page)
      testInfo.annotations.push({ type: 'asked before closing', description: String(asked) })
      const again = await visitAgain(context, person)
      // Asked, the person chose to leave what was in memory only; not asked, nothing is lost.
      if (!asked)
        await expect.poll(server(again, person), { timeout: 60_000 }).toEqual(burst.expected)
    })
  }
}

test('it never asks once every change is safe on the device: online once saved, offline once on disk', async ({
  browser,
}) => {
  const [adds] = BURSTS
  if (adds === undefined) throw new Error('no burst')
  const online = await signedInDevice(browser, adds)
  await adds.run(online.page)
  await expect.poll(server(online.page, online.person), { timeout: 60_000 }).toEqual(adds.expected)
  expect(await closeTab(online.page)).toBe(false)

  const offline = await signedInDevice(browser, adds)
  await goOffline(offline.context)
  await adds.run(offline.page)
  await expect.poll(async () => (await queuedWrites(offline.page)).length).toBe(12)
  expect(await closeTab(offline.page)).toBe(false)
  await goOnline(offline.context)
  const again = await visitAgain(offline.context, offline.person)
  await expect.poll(server(again, offline.person), { timeout: 60_000 }).toEqual(adds.expected)
})
