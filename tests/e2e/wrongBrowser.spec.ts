import { addTasks, expect, syncLine, taskRows, test } from './fixtures'
import { storedCountOf, storedTasksOf } from './support/backend'
import { queuedWrites } from './support/deviceStore'
import { browserSaysOffline, goOffline, networkBackUnnoticed } from './support/network'
import { sized } from './support/sizes'

// The browser can be wrong about the network: a host with only loopback, or a laptop running
// everything locally with Wi-Fi off, says `navigator.onLine` false while the server answers.
// The page believes the server: no "Offline" for good, and a long queue drains at full pace.

test('the browser says offline, the server answers: changes saved, and the line says so', async ({
  signedIn: page,
  context,
  person,
  request,
}) => {
  await browserSaysOffline(context)
  await addTasks(page, 'One', 'Two', 'Three')
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map(({ task }) => task))
    .toEqual(['One', 'Two', 'Three'])
  await expect(syncLine(page)).toBeEmpty()
  expect(await page.evaluate(() => navigator.onLine)).toBe(false)
})

test('a long queue drains once the server answers, though the browser goes on saying offline', async ({
  signedIn: page,
  context,
  person,
  request,
}) => {
  // Hundreds of writes through the emulator take as long as the machine needs: the poll below
  // waits up to 240 s, so the test's own budget is three times the usual.
  test.slow()
  // 300 in a full run; in `npm test` 250: over the count at which the live query pauses while
  // the queue drains (100 pending, src/services/firebase/liveTasks.ts), and windowed (over 200
  // rows), the rows saying the list's size.
  const adds = sized(300, 250)
  await goOffline(context)
  await page.evaluate((count) => {
    const input = document.querySelector<HTMLInputElement>('#new-task')
    const form = input?.form
    if (!input || !form) throw new Error('no task form')
    for (let n = 1; n <= count; n++) {
      Reflect.set(HTMLInputElement.prototype, 'value', `Queued ${String(n)}`, input)
      input.dispatchEvent(new Event('input', { bubbles: true }))
      form.requestSubmit()
    }
  }, adds)
  await expect(taskRows(page).first()).toHaveAttribute('aria-setsize', String(adds))
  await expect.poll(async () => (await queuedWrites(page)).length, { timeout: 60_000 }).toBe(adds)

  const back = Date.now()
  await networkBackUnnoticed(context)
  await expect
    .poll(() => storedCountOf(request, person.email), { timeout: 240_000, intervals: [500] })
    .toBe(adds)
  console.log(
    `${String(adds)} queued adds on the server ${String(Date.now() - back)} ms after the network came back (the browser still saying offline)`,
  )
  await expect(syncLine(page)).toBeEmpty()
  await expect.poll(() => queuedWrites(page)).toEqual([])
})
