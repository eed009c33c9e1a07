import { expect, syncLine, taskInput, taskRows, test } from './fixtures'
import { storedCountOf, storedTasksOf } from './support/backend'
import { queuedWrites } from './support/deviceStore'
import { goOffline, goOnline } from './support/network'
import { counted, sized } from './support/sizes'

// A long queue: a day's worth of adds made offline, all sent once the device is back online.
// The goal is 2,000 on the server within 60 s (`npm run test:e2e:full`); how long they took is
// printed and kept in docs/performance.md, not asserted (this runs on machines as busy as they
// come). The deadline only stops a drain that has stalled.

// 2,000 in a full run; in `npm test` 250: over the count at which the live query pauses while
// the queue drains (100 pending, liveTasks.ts) and over the list's windowing (200 rows).
const ADDS = sized(2000, 250)
const STALLED_AFTER_MS = 300_000

test(`${counted(ADDS)} adds made offline all reach the server once online, in order, and leave the queue empty`, async ({
  signedIn: page,
  context,
  person,
  request,
}, testInfo) => {
  test.setTimeout(STALLED_AFTER_MS + 180_000)
  await goOffline(context)
  await expect(taskInput(page)).toBeFocused()
  // Typed into the page's own form and submitted, one after another, as fast as it takes them
  // (the value set as the browser's own setter does it, then the input event typing sends).
  await page.evaluate((count) => {
    const input = document.querySelector<HTMLInputElement>('#new-task')
    const form = input?.form
    if (!input || !form) throw new Error('no task form')
    for (let n = 1; n <= count; n++) {
      // The prototype's setter, with the input as `this`: React hears of the new value.
      Reflect.set(
        HTMLInputElement.prototype,
        'value',
        `Offline add ${String(n).padStart(4, '0')}`,
        input,
      )
      input.dispatchEvent(new Event('input', { bubbles: true }))
      form.requestSubmit()
    }
  }, ADDS)
  await expect(taskRows(page).first()).toHaveAttribute('aria-setsize', String(ADDS))
  // Every one of them is in the SDK's queue on the device before the network comes back.
  await expect.poll(async () => (await queuedWrites(page)).length, { timeout: 60_000 }).toBe(ADDS)
  await expect(syncLine(page)).toHaveText(/^Offline: changes are kept on this device/)
  expect(await storedTasksOf(request, person.email)).toEqual([])

  const online = Date.now()
  await goOnline(context)
  const onServer: [number, number][] = []
  try {
    await expect
      .poll(
        async () => {
          const count = await storedCountOf(request, person.email)
          onServer.push([Date.now() - online, count])
          return count
        },
        { timeout: STALLED_AFTER_MS, intervals: [500] },
      )
      .toBe(ADDS)
  } finally {
    const [lastMs, lastCount] = onServer.at(-1) ?? [0, 0]
    const every10s = onServer.filter(
      ([ms], i) =>
        i === 0 || Math.floor(ms / 10_000) > Math.floor((onServer[i - 1]?.[0] ?? 0) / 10_000),
    )
    console.log(
      `${counted(ADDS)} offline adds: ${String(lastCount)} on the server ${String(lastMs)} ms after going online; [ms, count]: ${JSON.stringify(every10s)}`,
    )
    await testInfo.attach('drain.json', { body: JSON.stringify({ onServer }) })
  }

  const stored = await storedTasksOf(request, person.email)
  expect(stored.at(0)?.task).toBe('Offline add 0001')
  expect(stored.at(-1)?.task).toBe(`Offline add ${String(ADDS).padStart(4, '0')}`)
  expect(stored.every(({ email, isFinished }) => email === person.email && !isFinished)).toBe(true)
  await expect(syncLine(page)).toBeEmpty()
  await expect.poll(() => queuedWrites(page)).toEqual([])
})
