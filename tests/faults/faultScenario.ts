import { IDBFactory } from 'fake-indexeddb'
import { vi } from 'vitest'
import { seededRandom } from '../../backend'
import { appStarted, connectivityRestored, pageLeft, pageReturned } from '../../src/app/actions'
import { setupStore, type AppStore } from '../../src/app/store'
import { MIN_AWAY_MS } from '../../src/features/tasks/loading'
import { FAILURE_MESSAGES } from '../../src/features/tasks/messages'
import { selectAllTasks, selectTaskById, taskSubmitted } from '../../src/features/tasks/tasksSlice'
import {
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskTextSaved,
} from '../../src/features/tasks/taskEdits'
import { createOutbox } from '../../src/services/outbox/outbox'
import type { Outbox } from '../../src/services/types'
import { createResilientStore } from '../../src/services/outbox/resilientStore'
import { openIndexedDbStore } from '../../src/services/outbox/storage'
import { TASK_FIELDS, type Logger } from '../../src/services/types'
import { identityToolkit } from '../setup'
import { breakable } from '../support/breakableStore'
import type { createFirebaseHarness } from '../support/firebaseHarness'
import { createTestServices } from '../support/services'
import { createOracle } from './faultOracle'

export interface FaultFigures {
  actions: number
  requests: number
  failuresInjected: number
  /** The share of requests hit by a fault while the network was up (the outage fails all). */
  faultRateBeforeOutage: number
  failedAttempts: number
  retries: number
  coalesced: number
  refused: number
  conflicts: number
  refreshes: number
  changesLost: number
  virtualSeconds: number
}

const EMAIL = 'faults@example.com'
const HOUR = 3_600_000
const quiet: Logger = { error: () => undefined, info: () => undefined, warn: () => undefined }

/**
 * Random actions of one user on two devices (a laptop and a phone: two stores, each with its
 * own Firebase app, IndexedDB and outbox) taking turns on one list, each acting on the list as
 * it shows it and coming back to it now and then (a refresh), against the local backend
 * injecting faults: 30% of requests answered 503 or dropped (half of the drops after the write
 * was applied), up to 2 s of extra latency. On the way: the phone's device storage fails for a
 * while, the laptop reloads, and over the last fifth of the actions nothing can be reached
 * (Firestore nor the token service) while the clock moves on more than an hour, so every ID
 * token expires offline. Then the network heals and the outboxes must drain on their own.
 * Time is virtual (fake timers and clock).
 */
export async function runFaultScenario(
  harness: ReturnType<typeof createFirebaseHarness>,
  {
    actions,
    seed = 7,
    trace = () => undefined,
  }: { actions: number; seed?: number; trace?: (line: string) => void },
) {
  const random = seededRandom(seed)
  const oracle = createOracle()
  let outage = false
  const totals = { failedAttempts: 0, retries: 0, coalesced: 0, dropped: 0, refreshes: 0 }

  harness.backend.faults.set({
    seed,
    rules: [
      { when: () => outage, networkError: true },
      ...[1, 2, 3, 4].map(() => ({ probability: 0.5, delayMs: 500 })),
      { probability: 0.15, status: 503 },
      { probability: 0.0882, networkError: true },
      { probability: 0.0968, networkError: true, phase: 'after' as const },
    ],
  })

  // Signing in runs on real time; everything after it on virtual time.
  const laptopServices = await harness.signedInServices(EMAIL)
  const phoneServices = await harness.signedInServices(EMAIL)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const start = Date.now()

  // Virtual time moves in small steps, and each step also lets the real event loop turn once:
  // the HTTP stack under fetch and fake IndexedDB make progress on real ticks (setImmediate).
  const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))
  const advance = async (ms: number, step = 50) => {
    for (let left = ms; left > 0; left -= step) {
      await vi.advanceTimersByTimeAsync(Math.min(step, left))
      await yieldToEventLoop()
      await yieldToEventLoop()
    }
  }

  const devices = (
    [
      ['laptop', laptopServices],
      ['phone', phoneServices],
    ] as const
  ).map(([name, real]) => ({
    name,
    indexedDb: new IDBFactory(),
    real,
    storage: { failing: false },
    page: null as { store: AppStore; outbox: Outbox } | null,
  }))
  type Device = (typeof devices)[number]

  async function openPage(device: Device) {
    const disk = breakable(await openIndexedDbStore(device.indexedDb), device.storage)
    const local = createResilientStore(disk.store)
    const outbox = createOutbox({
      store: local,
      repository: device.real.tasks,
      logger: quiet,
      failureMessages: FAILURE_MESSAGES,
      refreshToken: () => device.real.auth.refreshToken(),
      random,
    })
    const { services } = createTestServices({
      local,
      tasks: device.real.tasks,
      auth: device.real.auth,
      outbox,
      logger: quiet,
    })
    const store = setupStore(services)
    store.dispatch(appStarted())
    while (store.getState().tasks.status !== 'loaded') await advance(250)
    device.page = { store, outbox }
    return device.page
  }

  const pageOf = (device: Device) => {
    if (!device.page) throw new Error(`${device.name} has no page`)
    return device.page
  }

  const collect = (outbox: Outbox) => {
    const stats = outbox.stats()
    totals.failedAttempts += stats.failedAttempts
    totals.retries += stats.retries
    totals.coalesced += stats.coalesced
    totals.dropped += stats.dropped
  }

  /** The person comes back to the page after a while: the list is loaded again. */
  const comeBack = ({ store }: { store: AppStore }) => {
    totals.refreshes++
    trace('refresh')
    store.dispatch(pageLeft())
    vi.setSystemTime(Date.now() + MIN_AWAY_MS + 1000)
    store.dispatch(pageReturned())
  }

  async function act(device: Device, other: Device) {
    const { store } = pageOf(device)
    const before = selectAllTasks(store.getState())
    const pick = before[Math.floor(random() * before.length)]
    const roll = random()
    if (pick === undefined || roll < 0.3) {
      store.dispatch(taskSubmitted(`Task ${random().toString(36).slice(2, 8)}`))
    } else if (roll < 0.6) {
      store.dispatch(pick.isFinished ? taskMarkedIncomplete(pick.id) : taskMarkedDone(pick.id))
    } else if (roll < 0.85) {
      const text = `Edited ${random().toString(36).slice(2, 8)}`
      store.dispatch(taskTextSaved({ id: pick.id, task: text }))
    } else {
      store.dispatch(taskDeleted(pick.id))
      oracle.deleted(pick.id)
      trace(`${device.name} deleted ${pick.id}`)
      return
    }
    // What changed on this device, for the oracle (an add sets every field).
    const known = new Set(before.map((task) => task.id))
    const added = selectAllTasks(store.getState()).find((task) => !known.has(task.id))
    const after = added ?? (pick && selectTaskById(store.getState(), pick.id))
    if (after === undefined) return
    const fields = added
      ? TASK_FIELDS
      : TASK_FIELDS.filter((field) => pick?.[field] !== after[field])
    trace(`${device.name} ${added ? 'added' : 'changed'} ${after.id} ${fields.join(',')}`)
    oracle.set(device.name, after, fields, await pageOf(other).outbox.pending(EMAIL))
  }

  const [laptop, phone] = devices as [Device, Device]
  let requestsBeforeOutage = 0
  await openPage(laptop)
  await openPage(phone)
  try {
    for (let done = 0; done < actions; done++) {
      const share = done / actions
      if (done === Math.floor(actions * 0.3)) phone.storage.failing = true
      if (done === Math.floor(actions * 0.45)) phone.storage.failing = false
      if (done === Math.floor(actions * 0.5)) {
        // A reload: a new page over the same IndexedDB. A browser cancels the old page's
        // requests, and the new one takes far longer to load than a request's latency: what
        // the old page had on its way lands (or fails) before the new page sends anything.
        const old = pageOf(laptop)
        old.outbox.close()
        const idle = { settled: false }
        void old.outbox.idle().then(() => (idle.settled = true))
        while (!idle.settled) await advance(50)
        collect(old.outbox)
        await openPage(laptop)
      }
      if (done === Math.floor(actions * 0.8)) {
        requestsBeforeOutage = harness.backend.requests.list().length
        outage = true
        identityToolkit.setReachable(false)
      }
      // Offline for over an hour: every ID token expires, and cannot be refreshed.
      if (done === Math.floor(actions * 0.85)) vi.setSystemTime(Date.now() + HOUR + 10 * 60_000)
      const device = random() < 0.5 ? laptop : phone
      const other = device === laptop ? phone : laptop
      if (share < 0.8 && random() < 0.08) comeBack(pageOf(device))
      await act(device, other)
      await advance(Math.floor(random() * 400))
    }

    await advance(20_000, 500)
  } finally {
    outage = false
    identityToolkit.setReachable(true)
  }
  // The network heals: no more faults, no more user actions. Only the outboxes' own retries
  // (backoff timers, and the browser's online event) can deliver what is still pending.
  harness.backend.faults.clear()
  for (const device of devices) pageOf(device).store.dispatch(connectivityRestored())
  for (let round = 0; round < 200; round++) {
    await advance(5_000, 250)
    const pending = await Promise.all(devices.map((device) => pageOf(device).outbox.pending(EMAIL)))
    if (pending.every((entries) => entries.length === 0)) break
  }
  // Both devices look once more, after what they sent has settled: each comes back to the
  // page until it shows the server's list (a return during a refresh still under way, on a
  // busy machine, loads nothing), a bounded number of times.
  const view = (device: Device) =>
    selectAllTasks(pageOf(device).store.getState())
      .map(({ id, task, isFinished, order }) => ({ id, task, isFinished, order }))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
  const serverView = () =>
    Object.entries(harness.storedTasks(EMAIL))
      .map(([id, data]) => ({
        id,
        task: data.task,
        isFinished: data.isFinished,
        order: data.order,
      }))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
  for (const device of devices) {
    for (let visit = 0; visit < 50; visit++) {
      comeBack(pageOf(device))
      await advance(2_000, 100)
      if (JSON.stringify(view(device)) === JSON.stringify(serverView())) break
    }
    collect(pageOf(device).outbox)
  }
  const virtualSeconds = Math.round((Date.now() - start) / 1000)
  vi.useRealTimers()

  const lost = oracle.lost(harness.storedTasks(EMAIL))
  const serverList = serverView()
  const clients = devices.map(view)
  const log = harness.backend.requests.list()
  const faulty = (entries: typeof log) => entries.filter((entry) => entry.fault !== undefined)
  const figures: FaultFigures = {
    actions,
    requests: log.length,
    failuresInjected: faulty(log).length,
    faultRateBeforeOutage:
      faulty(log.slice(0, requestsBeforeOutage)).length / Math.max(1, requestsBeforeOutage),
    failedAttempts: totals.failedAttempts,
    retries: totals.retries,
    coalesced: totals.coalesced,
    refused: totals.dropped,
    conflicts: oracle.conflicts(),
    refreshes: totals.refreshes,
    changesLost: lost.length,
    virtualSeconds,
  }
  return { figures, lost, server: serverList, clients }
}
