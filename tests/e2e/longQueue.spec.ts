import { expect, syncLine, taskInput, taskRows, test } from './fixtures'
import { storedCountOf, storedTasksOf } from './support/backend'
import { queuedWrites } from './support/deviceStore'
import { goOffline, goOnline } from './support/network'

// A long queue: a day's worth of adds made offline, all sent once the device is back online.

const ADDS = 2000
const DRAIN_GOAL_MS = 60_000

// Known to miss its goal: the SDK sends the queue in order on one write stream, and the
// emulator takes longer for each write the more tasks the open live query holds, so most are
// still queued after a minute. Remove `fail` once the drain meets the goal.
test.fail(
  '2,000 adds made offline are all on the server within 60 s of going online',
  async ({ signedIn: page, context, person, request }, testInfo) => {
    test.setTimeout(300_000)
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
          { timeout: DRAIN_GOAL_MS, intervals: [500] },
        )
        .toBe(ADDS)
    } finally {
      const [lastMs, lastCount] = onServer.at(-1) ?? [0, 0]
      console.log(
        `2,000 offline adds: ${String(lastCount)} on the server ${String(lastMs)} ms after going online`,
      )
      await testInfo.attach('drain.json', { body: JSON.stringify({ onServer }) })
    }

    const stored = await storedTasksOf(request, person.email)
    expect(stored.at(0)?.task).toBe('Offline add 0001')
    expect(stored.at(-1)?.task).toBe(`Offline add ${String(ADDS)}`)
    expect(stored.every(({ email, isFinished }) => email === person.email && !isFinished)).toBe(
      true,
    )
    await expect(syncLine(page)).toBeEmpty()
    await expect.poll(() => queuedWrites(page)).toEqual([])
  },
)
