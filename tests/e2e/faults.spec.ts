import { createOracle } from '../faults/faultOracle'
import { expect, newPerson, signIn, taskRows, test } from './fixtures'
import { storedTasksOf } from './support/backend'
import { queuedWrites } from './support/deviceStore'
import { newDevice } from './support/devices'
import { injectFaults, seededRandom, setSlowDisk, slowDiskOf } from './support/faultInjector'
import { reloadKeepingChanges } from './support/leaving'
import { act, shownRows, type Action, type Device, type Row } from './support/faultScenario'
import { goOffline, goOnline } from './support/network'

// The fault scenario: one person on two devices (a laptop and a phone: two browser contexts)
// acting at random on one list, through the page, while about 30 % of the requests on the
// SDK's Write and Listen channels fail (503s, dropped connections, answers lost after the
// server took the writes). On the way the laptop loses its network for a while and reloads,
// and over the last actions both devices are offline. Then the faults stop and the network
// comes back: nothing one device set and nobody changed later may be missing from the
// server, and both devices must show what the server holds, live, with no reload (a change the
// server refused stays as the person left it until they choose: here they press Discard, and
// the row shows the server's version). `npm run faults` runs it longer.
//
// The oracle weighs each change against the other device's queue, read from its disk before the
// change, once none of the other's changes is in its memory only; and the person reloading
// stays when the page asks first (a change in memory only), then reloads. Left to Playwright,
// who accepts that prompt, the reload lost the change just made, and a read of the queue
// missed writes the SDK had not put on disk yet: on a busy machine both were reported as lost
// changes (issue 37; FAULT_SLOW_DISK_MS makes the machine as slow on purpose).

const ACTIONS = Number(process.env.FAULT_ACTIONS ?? 80)
const SEEDS = (process.env.FAULT_SEEDS ?? '7,2').split(',').map(Number)
/**
 * `FAULT_SLOW_DISK_MS`: each IndexedDB commit of both devices told the SDK this much late
 * (slowDiskOf), as on a busy machine: their changes stay longer in memory only.
 */
const SLOW_DISK_MS = Number(process.env.FAULT_SLOW_DISK_MS ?? 0)
const SETTLE_LIMIT_MS = 120_000
/**
 * Once every queue is empty, how long a device may take to show the server's list: the live
 * query may be in its backoff.
 */
const LIVE_SETTLE_MS = 60_000

/** How the rows a device shows differ from the server's, in a few words. */
function differences(shown: Row[], stored: Row[]): string {
  const key = ({ id, task, isFinished }: Row) => `${id} “${task}” ${isFinished ? 'done' : 'open'}`
  const [mine, theirs] = [shown.map(key), stored.map(key)]
  const missing = theirs.filter((row) => !mine.includes(row))
  const extra = mine.filter((row) => !theirs.includes(row))
  if (missing.length + extra.length === 0) {
    return mine.join() === theirs.join()
      ? 'the server’s list'
      : 'the server’s tasks in another order'
  }
  return `without ${missing.join(', ') || 'nothing'} and with ${extra.join(', ') || 'nothing'} more`
}

/** The person settles each change the server refused with Discard: the server's version. */
async function discardRefused(device: Device): Promise<void> {
  const discard = device.page.getByRole('button', { name: 'Discard' })
  while ((await discard.count()) > 0) {
    await discard.first().click()
    device.discarded = (device.discarded ?? 0) + 1
  }
}

const listShown = (device: Device) =>
  expect(
    taskRows(device.page).first().or(device.page.getByText('No tasks have been added yet')),
  ).toBeVisible()

for (const seed of SEEDS) {
  test(`${String(ACTIONS)} random actions on two devices through faults on the SDK’s channels, an outage, a reload and a spell offline lose nothing (seed ${String(seed)})`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000 + ACTIONS * 3_000 + SETTLE_LIMIT_MS)
    const random = seededRandom(seed)
    const oracle = createOracle()
    const person = newPerson('Faults')
    const devices: Device[] = []
    for (const name of ['laptop', 'phone']) {
      const context = await newDevice(browser)
      await slowDiskOf(context)
      const page = await context.newPage()
      await page.goto('./')
      await signIn(page, person)
      await setSlowDisk(page, SLOW_DISK_MS)
      const device: Device = { name, context, page, lastDeleted: null, refusals: [] }
      page.on('console', (message) => {
        const text = message.text()
        if (/^Error (adding|updating|deleting) document/.test(text)) {
          device.refusals.push(text.slice(0, 160))
        }
      })
      devices.push(device)
    }
    const [laptop, phone] = devices as [Device, Device]
    const faults = await Promise.all(
      devices.map((device, index) =>
        injectFaults(device.context, seededRandom(seed * 100 + index)),
      ),
    )
    const tally: Record<Action | 'skipped', number> = {
      add: 0,
      toggle: 0,
      edit: 0,
      delete: 0,
      undo: 0,
      skipped: 0,
    }
    const faulted = () =>
      faults.reduce(
        (sum, { counts }) => sum + counts.unavailable + counts.dropped + counts.answerLost,
        0,
      )
    const requests = () => faults.reduce((sum, { counts }) => sum + counts.requests, 0)
    let beforeOffline = { requests: 0, faulted: 0 }
    let leaveAsked = 0

    const at = (share: number) => Math.floor(ACTIONS * share)
    for (let done = 0; done < ACTIONS; done++) {
      // The laptop loses its network for a while, then reloads.
      if (done === at(0.3)) await goOffline(laptop.context)
      if (done === at(0.45)) await goOnline(laptop.context)
      if (done === at(0.5)) {
        laptop.lastDeleted = null
        // A person who will not lose a change stays when the page asks, and reloads after.
        leaveAsked += await reloadKeepingChanges(laptop.page)
        await listShown(laptop)
      }
      // The server cannot be reached for a while: every new request fails, with no word from
      // the browser (the open streams go on until they end).
      for (const injector of faults) {
        if (done === at(0.6)) injector.setOutage(true)
        if (done === at(0.7)) injector.setOutage(false)
      }
      if (done === at(0.85)) {
        beforeOffline = { requests: requests(), faulted: faulted() }
        for (const device of devices) await goOffline(device.context)
      }
      const device = random() < 0.5 ? laptop : phone
      const roll = random()
      const action: Action =
        roll < 0.3
          ? 'add'
          : roll < 0.55
            ? 'toggle'
            : roll < 0.75
              ? 'edit'
              : roll < 0.9
                ? 'delete'
                : 'undo'
      const pick = random()
      const word = random().toString(36).slice(2, 8)
      tally[await act(device, device === laptop ? phone : laptop, oracle, action, pick, word)]++
    }

    // The faults stop and the network comes back; nobody acts any more.
    for (const injector of faults) await injector.stop()
    const healed = Date.now()
    for (const device of devices) await goOnline(device.context)
    await expect
      .poll(async () => (await Promise.all(devices.map(({ page }) => queuedWrites(page)))).flat(), {
        timeout: SETTLE_LIMIT_MS,
      })
      .toEqual([])
    const server = async () =>
      (await storedTasksOf(request, person.email)).map(({ id, task, isFinished }) => ({
        id,
        task,
        isFinished,
      }))
    // Each device shows the server's list live; how one that does not differs is said.
    const staleViews: string[] = []
    for (const device of devices) {
      try {
        await expect(async () => {
          await discardRefused(device)
          expect(await shownRows(device.page)).toEqual(await server())
        }).toPass({ timeout: LIVE_SETTLE_MS })
      } catch {
        staleViews.push(
          `${device.name} shows ${differences(await shownRows(device.page), await server())}`,
        )
      }
    }
    const settleMs = Date.now() - healed

    const stored = await server()
    const lost = oracle.lost(Object.fromEntries(stored.map(({ id, ...fields }) => [id, fields])))
    const figures = {
      seed,
      actions: ACTIONS,
      done: tally,
      channelRequests: requests(),
      faultsInjected: Object.fromEntries(
        (['unavailable', 'dropped', 'answerLost', 'outage'] as const).map((kind) => [
          kind,
          faults.reduce((sum, { counts }) => sum + counts[kind], 0),
        ]),
      ),
      faultRateBeforeOffline:
        Math.round((100 * beforeOffline.faulted) / Math.max(1, beforeOffline.requests)) / 100,
      refused: devices.map(({ refusals }) => refusals.length),
      discarded: devices.map(({ discarded }) => discarded ?? 0),
      conflicts: oracle.conflicts(),
      waitedForDisk: devices.map(({ waitedForDisk }) => waitedForDisk ?? 0),
      leaveAsked,
      tasksAtEnd: stored.length,
      settleSeconds: Math.round(settleMs / 100) / 10,
      lost: lost.length,
      staleViews: staleViews.length,
    }
    console.log(`Fault scenario: ${JSON.stringify(figures)}`)
    // Each loss with what the oracle heard of its task, in order.
    const stories = Object.fromEntries(
      lost.map((line) => [line, oracle.story(line.split(/[.:]/)[0] ?? '')]),
    )
    for (const line of [...staleViews, ...lost]) {
      console.log(`  ${line}`)
      for (const event of stories[line] ?? []) console.log(`    ${event}`)
    }
    const refusals = devices.flatMap(({ name, refusals: said }) =>
      said.map((text) => `${name}: ${text}`),
    )
    await testInfo.attach('faults.json', {
      body: JSON.stringify({ figures, lost, stories, staleViews, refusals }, null, 2),
    })
    expect(lost).toEqual([])
    expect(staleViews).toEqual([])
    // The channels were used, and hit: three requests in ten fail while the network is up.
    expect(beforeOffline.requests).toBeGreaterThanOrEqual(10)
    expect(beforeOffline.faulted).toBeGreaterThanOrEqual(3)
    for (const { context } of devices) await context.close()
  })
}
