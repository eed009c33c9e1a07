import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { appStarted, pageLeft, pageReturned } from '../../src/app/actions'
import { setupStore, type AppStore } from '../../src/app/store'
import { MIN_AWAY_MS } from '../../src/features/tasks/loading'
import { selectSyncMessage } from '../../src/features/sync/syncSlice'
import { selectAllTasks, selectTaskById, taskSubmitted } from '../../src/features/tasks/tasksSlice'
import {
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskTextSaved,
} from '../../src/features/tasks/taskEdits'
import type { Task } from '../../src/services/types'
import { createFirebaseHarness } from '../support/firebaseHarness'
import { createTestServices } from '../support/services'
import { settle } from '../support/settle'

// Two devices of one user (a laptop and a phone): two stores, each with its own Firebase app,
// device storage and outbox, on one in-process backend.

const EMAIL = 'ada@example.com'
const harness = createFirebaseHarness()
beforeEach(() => {
  harness.start()
  // Only Date: time jumps forward (away from the page), the network runs on real time.
  vi.useFakeTimers({ toFake: ['Date'] })
})
afterEach(async () => {
  vi.useRealTimers()
  await harness.stop()
})

async function device() {
  const real = await harness.signedInServices(EMAIL, 'Ada Lovelace')
  // Loads are counted per device (the other device's refreshes reach the same server).
  const loads = vi.spyOn(real.tasks, 'load')
  const testServices = createTestServices({ tasks: real.tasks, auth: real.auth })
  vi.spyOn(testServices.services.logger, 'error').mockImplementation(() => undefined)
  vi.spyOn(testServices.services.logger, 'warn').mockImplementation(() => undefined)
  const store = setupStore(testServices.services)
  store.dispatch(appStarted())
  await vi.waitFor(() => {
    expect(store.getState().tasks.status).toBe('loaded')
  })
  return { store, loads, ...testServices }
}
type Device = Awaited<ReturnType<typeof device>>

/** Waits until the device's writes have all reached the server (or been refused). */
async function synced({ services }: Device) {
  await vi.waitFor(async () => {
    await services.outbox.idle()
    expect(await services.outbox.pending(EMAIL)).toEqual([])
  })
}

/** Every load this device has started has answered, and the store has had the answer. */
async function loadsAnswered({ loads }: Device) {
  await Promise.allSettled(loads.mock.results.map((result) => result.value as unknown))
  await settle()
}

/**
 * The person comes back to the page after a while: the list is loaded again. A load already
 * under way (a refused write asks for one) is awaited first; if the return still finds one
 * running, that one, started after the change, is the load awaited.
 */
async function comeBack(device: Device) {
  await loadsAnswered(device)
  const before = device.loads.mock.calls.length
  device.store.dispatch(pageLeft())
  vi.setSystemTime(Date.now() + MIN_AWAY_MS + 1000)
  device.store.dispatch(pageReturned())
  await vi.waitFor(() => {
    expect(device.loads.mock.calls.length).toBeGreaterThan(before)
  })
  await loadsAnswered(device)
}

type Action = 'edit' | 'done' | 'incomplete' | 'delete'
const ACTIONS: Action[] = ['edit', 'done', 'incomplete', 'delete']

function act(store: AppStore, action: Action, id: string, text: string) {
  switch (action) {
    case 'edit':
      store.dispatch(taskTextSaved({ id, task: text }))
      return
    case 'done':
      store.dispatch(taskMarkedDone(id))
      return
    case 'incomplete':
      store.dispatch(taskMarkedIncomplete(id))
      return
    case 'delete':
      store.dispatch(taskDeleted(id))
  }
}

/** The state a task needs for `action` to change it: done needs it open, incomplete finished. */
const needs = (action: Action): boolean | null =>
  action === 'done' ? false : action === 'incomplete' ? true : null

/**
 * Whether the task starts finished so that the laptop's and then the phone's action each
 * change it, as each device shows it; undefined when no start allows both (not a case).
 */
function startsFinished(first: Action, second: Action, phoneRefreshes: boolean) {
  const laptop = needs(first)
  if (phoneRefreshes) {
    // The phone acts on the laptop's result.
    if (first === 'delete') return undefined
    const result = first === 'done' ? true : first === 'incomplete' ? false : null
    const phone = needs(second)
    if (result !== null && phone !== null && result !== phone) return undefined
    return laptop ?? phone ?? false
  }
  const phone = needs(second)
  if (laptop !== null && phone !== null && laptop !== phone) return undefined
  return laptop ?? phone ?? false
}

const FIELDS_OF: Record<Action, (keyof Task)[]> = {
  edit: ['task'],
  done: ['isFinished', 'order'],
  incomplete: ['isFinished', 'order'],
  delete: [],
}

const comparable = (task: Task | undefined) =>
  task && { task: task.task, isFinished: task.isFinished, order: task.order }

const cases = (phoneRefreshes: boolean) =>
  ACTIONS.flatMap((first) =>
    ACTIONS.flatMap((second) => {
      const finished = startsFinished(first, second, phoneRefreshes)
      return finished === undefined ? [] : [[first, second, finished] as const]
    }),
  )

describe.each([
  ['stale (it has not seen the first change)', false],
  ['after a refresh', true],
])('the phone acts %s', (_name, phoneRefreshes) => {
  it.each(cases(phoneRefreshes))('laptop %s, then phone %s', async (first, second, finished) => {
    const laptop = await device()
    laptop.store.dispatch(taskSubmitted('Keep'))
    laptop.store.dispatch(taskSubmitted('Email Alex'))
    const id = selectAllTasks(laptop.store.getState()).find((t) => t.task === 'Email Alex')?.id
    if (id === undefined) throw new Error('not added')
    if (finished) laptop.store.dispatch(taskMarkedDone(id))
    await synced(laptop)
    const phone = await device()
    const initial = selectTaskById(phone.store.getState(), id)

    act(laptop.store, first, id, 'Email Alex about the contract')
    const afterLaptop = selectTaskById(laptop.store.getState(), id)
    await synced(laptop)
    if (phoneRefreshes) await comeBack(phone)

    const phoneBefore = selectTaskById(phone.store.getState(), id)
    act(phone.store, second, id, 'Call Alex instead')
    const afterPhone = selectTaskById(phone.store.getState(), id)
    expect(afterPhone).not.toBe(phoneBefore)
    await synced(phone)

    // The server: each device's change to its own fields; the later one wins a field both
    // changed; a task deleted anywhere stays deleted.
    let expected: Partial<Task> | undefined = comparable(initial)
    for (const [action, after] of [
      [first, afterLaptop],
      [second, afterPhone],
    ] as const) {
      if (expected === undefined || action === 'delete' || after === undefined) {
        expected = undefined
        continue
      }
      for (const field of FIELDS_OF[action]) expected = { ...expected, [field]: after[field] }
    }
    const stored = harness.storedTasks(EMAIL)[id]
    expect(stored && comparable(stored as unknown as Task)).toEqual(expected)

    // Both devices show the server's list after coming back to it.
    await comeBack(laptop)
    await comeBack(phone)
    const server = Object.entries(harness.storedTasks(EMAIL))
      .map(([storedId, data]) => ({ id: storedId, task: data.task as string }))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
    for (const { store } of [laptop, phone]) {
      const shown = selectAllTasks(store.getState())
        .map(({ id: shownId, task }) => ({ id: shownId, task }))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
      expect(shown).toEqual(server)
      expect(comparable(selectTaskById(store.getState(), id))).toEqual(expected)
    }

    // A change the server refused (the task was deleted on the laptop) is said, not silent.
    if (first === 'delete' && second !== 'delete') {
      expect(selectSyncMessage(phone.store.getState())).toMatch(/^Not saved: /)
    }
  })
})
