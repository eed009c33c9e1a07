import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { accountLine, importFile } from './support/account'
import { storedCountOf } from './support/backend'

// An import of the most tasks a file may bring (20,000, in a file of nearly 10 MB, made here)
// keeps the page alive: clicks made while it runs are answered, the line counts the tasks saved
// up as the batches are written, and the server ends with every task. What it measures (the
// longest main-thread task, press → next paint, the time to the server) is printed, never
// asserted: docs/performance.md has the figures of a quiet machine. IMPORT_TASKS=5000 measures
// another size (E2E_PARTS=1 npm run test:e2e -- tests/e2e/account.importLarge.spec.ts).

const COUNT = Number(process.env.IMPORT_TASKS ?? 20_000)
const FINISHED = COUNT / 5
const counted = (n: number) => n.toLocaleString('en-US')

test.slow()

/** The page's long tasks and each pointer press's time to the next paint, from now on. */
async function watchMainThread(page: Page) {
  await page.evaluate(() => {
    const seen = { longTasks: [] as number[], clicks: [] as number[] }
    Object.assign(window, { e2eMainThread: seen })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.longTasks.push(entry.duration)
    }).observe({ type: 'longtask' })
    addEventListener(
      'pointerdown',
      ({ timeStamp }) => {
        // The end of the next frame: a task posted from requestAnimationFrame runs after it.
        requestAnimationFrame(() => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => seen.clicks.push(performance.now() - timeStamp)
          channel.port2.postMessage(null)
        })
      },
      { capture: true },
    )
  })
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { e2eMainThread: { longTasks: number[]; clicks: number[] } })
          .e2eMainThread,
    )
}

// Found by CSS: the page's long tasks are measured, and role and text queries over the whole
// page are Playwright's work on its main thread.
const openCount = async (page: Page) =>
  Number((await page.locator('.list-toolbar [role="status"]').textContent())?.split(' ')[0])
const firstOpenToggle = (page: Page) =>
  page.locator('ul[aria-label="Tasks"] > li.task button[title="Mark as complete"]').first()

/** The number of tasks the line says are saved (the total once it says all are). */
const savedOnLine = async (page: Page) => {
  const line = (await accountLine(page).textContent()) ?? ''
  if (line.includes(`Imported ${counted(COUNT)} tasks.`)) return COUNT
  const saved = /: ([\d,]+) saved…/.exec(line)?.[1]
  return saved === undefined ? -1 : Number(saved.replaceAll(',', ''))
}

test(`${counted(COUNT)} tasks imported: clicks are answered throughout, the line counts up, the server ends with all`, async ({
  signedIn: page,
  person,
}) => {
  test.setTimeout(30 * 60_000)
  const padding = ' and a few words more'.repeat(21)
  const file = {
    format: 'todo-tasks',
    version: 1,
    tasks: Array.from({ length: COUNT }, (_, i) => ({
      id: `t${String(i)}`,
      text: `Imported task ${String(i + 1).padStart(5, '0')}${padding}`,
      finished: i >= COUNT - FINISHED,
      place: i + 1,
    })),
  }
  const buffer = Buffer.from(JSON.stringify(file))
  expect(buffer.length).toBeLessThanOrEqual(10_000_000)
  const mainThread = await watchMainThread(page)
  const dialog = await importFile(page, { name: 'big.json', mimeType: 'application/json', buffer })
  await expect(dialog).toContainText(
    `${counted(COUNT)} tasks to add, ${counted(FINISHED)} of them finished.`,
    { timeout: 120_000 },
  )
  const started = Date.now()
  await dialog.getByRole('button', { name: `Add ${counted(COUNT)} tasks` }).click()
  await expect.poll(() => openCount(page), { timeout: 120_000 }).toBe(COUNT - FINISHED)

  // While it is written: a task marked done now and then, each answered (one fewer open); the
  // line's count read in between.
  const counts: number[] = []
  let clicks = 0
  let onServer = 0
  let fiveThousandAt = 0
  while (onServer < COUNT) {
    counts.push(await savedOnLine(page))
    const open = await openCount(page)
    await firstOpenToggle(page).click()
    await expect.poll(() => openCount(page), { timeout: 60_000 }).toBe(open - 1)
    clicks++
    onServer = await storedCountOf(page.request, person.email)
    if (onServer >= 5000 && fiveThousandAt === 0) fiveThousandAt = Date.now()
  }
  const seconds = (Date.now() - started) / 1000
  await expect(accountLine(page)).toContainText(`Imported ${counted(COUNT)} tasks.`, {
    timeout: 120_000,
  })
  expect(await storedCountOf(page.request, person.email)).toBe(COUNT)

  // Counted up as batches were written: never down, and through values between the ends.
  const seen = counts.filter((n) => n >= 0)
  expect(seen).toEqual([...seen].sort((a, b) => a - b))
  expect(new Set(seen.filter((n) => n > 0 && n < COUNT)).size).toBeGreaterThanOrEqual(2)

  const { longTasks, clicks: paints } = await mainThread()
  const sorted = [...paints].sort((a, b) => a - b)
  const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] ?? NaN
  console.log(
    `${counted(COUNT)} imported tasks: on the server in ${seconds.toFixed(1)} s (5,000 after ` +
      `${((fiveThousandAt - started) / 1000).toFixed(1)} s); ${String(clicks)} clicks meanwhile, ` +
      `press → next paint p95 ${p95.toFixed(0)} ms, max ${String(Math.round(sorted.at(-1) ?? NaN))} ms; ` +
      `longest main-thread task ${String(Math.round(Math.max(0, ...longTasks)))} ms ` +
      `(${String(longTasks.filter((ms) => ms > 200).length)} over 200 ms, reading the file included)`,
  )
})
