import { IDBFactory } from 'fake-indexeddb'
import { vi } from 'vitest'
import { seededRandom } from '../../backend'
import { appStarted } from '../../src/app/actions'
import { setupStore, type AppStore } from '../../src/app/store'
import {
  selectAllTasks,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskSubmitted,
  taskTextSaved,
} from '../../src/features/tasks/tasksSlice'
import { FAILURE_MESSAGES } from '../../src/features/tasks/messages'
import { createOutbox } from '../../src/services/outbox/outbox'
import { openIndexedDbStore } from '../../src/services/outbox/storage'
import type { Logger } from '../../src/services/types'
import type { createFirebaseHarness } from '../support/firebaseHarness'
import { createTestServices } from '../support/services'

export interface FaultFigures {
  actions: number
  requests: number
  failuresInjected: number
  failedAttempts: number
  retries: number
  coalesced: number
  dropped: number
  changesLost: number
  virtualSeconds: number
}

const EMAIL = 'faults@example.com'

/**
 * Random user actions on the real app (store, outbox over IndexedDB, Firebase SDK) against the
 * local backend injecting faults: 30% of requests answered 503 or dropped (half of the drops
 * after the write was applied), up to 2 s of extra latency, a reload half way, and an outage
 * over the last tenth of the actions and 20 s after them. Then the network heals and the
 * outbox must drain on its own. Time is virtual (fake timers).
 */
export async function runFaultScenario(
  harness: ReturnType<typeof createFirebaseHarness>,
  { actions, seed = 7 }: { actions: number; seed?: number },
): Promise<{ figures: FaultFigures; server: unknown[]; client: unknown[] }> {
  const random = seededRandom(seed)
  const indexedDb = new IDBFactory()
  const quiet: Logger = { error: () => undefined, info: () => undefined, warn: () => undefined }
  let outage = false
  const totals = { failedAttempts: 0, retries: 0, coalesced: 0, dropped: 0 }

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

  let virtualMs = 0
  // Virtual time moves in small steps, and each step also lets the real event loop turn once:
  // the HTTP stack under fetch makes progress on real ticks (setImmediate), not on timers.
  const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))
  const advance = async (ms: number) => {
    for (let left = ms; left > 0; left -= 50) {
      const step = Math.min(50, left)
      virtualMs += step
      await vi.advanceTimersByTimeAsync(step)
      await yieldToEventLoop()
      await yieldToEventLoop()
    }
  }

  async function openSession() {
    // The real Auth client signs in with real timers; the rest of the run uses virtual time.
    vi.useRealTimers()
    const real = await harness.signedInServices(EMAIL)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const local = await openIndexedDbStore(indexedDb)
    const outbox = createOutbox({
      store: local,
      repository: real.tasks,
      logger: quiet,
      failureMessages: FAILURE_MESSAGES,
      refreshToken: () => real.auth.refreshToken(),
      random,
    })
    const { services } = createTestServices({
      local,
      tasks: real.tasks,
      auth: real.auth,
      outbox,
      logger: quiet,
    })
    const store = setupStore(services)
    store.dispatch(appStarted())
    while (store.getState().tasks.status !== 'loaded') await advance(250)
    return { store, outbox }
  }

  const act = (store: AppStore) => {
    const tasks = selectAllTasks(store.getState())
    const pick = tasks[Math.floor(random() * tasks.length)]
    const roll = random()
    if (pick === undefined || roll < 0.3) {
      store.dispatch(taskSubmitted(`Task ${random().toString(36).slice(2, 8)}`))
    } else if (roll < 0.6) {
      store.dispatch(pick.isFinished ? taskMarkedIncomplete(pick.id) : taskMarkedDone(pick.id))
    } else if (roll < 0.85) {
      store.dispatch(
        taskTextSaved({ id: pick.id, task: `Edited ${random().toString(36).slice(2, 8)}` }),
      )
    } else {
      store.dispatch(taskDeleted(pick.id))
    }
  }

  const collect = (outbox: ReturnType<typeof createOutbox>) => {
    const stats = outbox.stats()
    totals.failedAttempts += stats.failedAttempts
    totals.retries += stats.retries
    totals.coalesced += stats.coalesced
    totals.dropped += stats.dropped
  }

  let session = await openSession()
  const outageStart = Math.floor(actions * 0.9)
  for (let done = 0; done < actions; done++) {
    // The last tenth of the actions happens during the outage, which then lasts 20 s more.
    if (done === outageStart) outage = true
    if (done === Math.floor(actions / 2)) {
      // A reload: a new page over the same IndexedDB, signed in again.
      session.outbox.close()
      collect(session.outbox)
      session = await openSession()
    }
    act(session.store)
    await advance(Math.floor(random() * 400))
  }

  await advance(20_000)
  outage = false
  // The network heals: no more faults, no more user actions. Only the outbox's own retries
  // (backoff timers) can deliver what is still pending.
  harness.backend.faults.clear()
  for (let round = 0; round < 200; round++) {
    await advance(5_000)
    if ((await session.outbox.pending(EMAIL)).length === 0) break
  }
  collect(session.outbox)
  vi.useRealTimers()

  const client = selectAllTasks(session.store.getState()).map(
    ({ id, task, isFinished, order }) => ({
      id,
      task,
      isFinished,
      order,
    }),
  )
  const server = Object.entries(harness.storedTasks(EMAIL))
    .map(([id, data]) => ({
      id,
      task: data.task,
      isFinished: data.isFinished,
      order: data.order,
    }))
    .sort((a, b) => (a.order as number) - (b.order as number))
  const serverById = new Map(server.map((task) => [task.id, JSON.stringify(task)]))
  const changesLost =
    client.filter((task) => serverById.get(task.id) !== JSON.stringify(task)).length +
    Math.max(0, server.length - client.length)

  const log = harness.backend.requests.list()
  return {
    figures: {
      actions,
      requests: log.length,
      failuresInjected: log.filter((entry) => entry.fault !== undefined).length,
      ...totals,
      changesLost,
      virtualSeconds: Math.round(virtualMs / 1000),
    },
    server,
    client,
  }
}
