import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  appStarted,
  connectivityRestored,
  pageLeft,
  pageReturned,
  refreshDue,
} from '../../../src/app/actions'
import { setupStore } from '../../../src/app/store'
import { writeRefused } from '../../../src/features/sync/syncSlice'
import { MIN_AWAY_MS, MIN_REFRESH_INTERVAL_MS } from '../../../src/features/tasks/loading'
import { selectAllTasks } from '../../../src/features/tasks/tasksSlice'
import { taskMarkedDone, taskTextSaved } from '../../../src/features/tasks/taskEdits'
import type { AuthUser, LoadedTask } from '../../../src/services/types'
import { ADA } from '../../support/fakeAuthService'
import { createRecordingRepository } from '../../support/recordingTaskRepository'
import { createTestServices } from '../../support/services'
import { settle } from '../../support/settle'
import { startedApp } from '../../support/store'

const EMAIL = 'ada@example.com'
const stored = (): LoadedTask[] => [
  { id: 'a', task: 'Email Alex', isFinished: false, email: EMAIL, order: 0 },
  { id: 'b', task: 'Buy milk', isFinished: false, email: EMAIL, order: 1 },
]

afterEach(() => {
  vi.useRealTimers()
})

/** A signed-in page whose list has loaded, and the server it loaded from. */
async function loadedPage() {
  vi.useFakeTimers()
  const recorder = createRecordingRepository(stored())
  const testServices = createTestServices({ tasks: recorder.repository })
  const store = setupStore(testServices.services)
  store.dispatch(appStarted())
  testServices.fakeAuth.emit(ADA)
  await vi.advanceTimersByTimeAsync(0)
  expect(store.getState().tasks.status).toBe('loaded')
  recorder.calls.splice(0)
  const loads = () => recorder.calls.filter((call) => call.kind === 'load').length
  /** Another device changes the server's copy. */
  const elsewhere = (change: (tasks: LoadedTask[]) => LoadedTask[]) => {
    recorder.replaceServerTasks(EMAIL, change(recorder.serverTasks(EMAIL)))
  }
  return { ...testServices, store, recorder, loads, elsewhere }
}

const texts = (store: ReturnType<typeof setupStore>) =>
  selectAllTasks(store.getState()).map((task) => task.task)

describe('coming back to the page', () => {
  it('after more than 30 s away loads the list again and shows what changed elsewhere', async () => {
    const { store, elsewhere, loads } = await loadedPage()
    elsewhere((tasks) => [
      ...tasks,
      { id: 'c', task: 'From the laptop', isFinished: false, email: EMAIL, order: 2 },
    ])
    store.dispatch(pageLeft())
    await vi.advanceTimersByTimeAsync(MIN_AWAY_MS + 1)
    store.dispatch(pageReturned())
    await vi.advanceTimersByTimeAsync(0)
    expect(loads()).toBe(1)
    expect(texts(store)).toEqual(['Email Alex', 'Buy milk', 'From the laptop'])
  })

  it('after a glance away (under 30 s) loads nothing: a query reads every task', async () => {
    const { store, loads } = await loadedPage()
    await vi.advanceTimersByTimeAsync(MIN_REFRESH_INTERVAL_MS)
    store.dispatch(pageLeft())
    await vi.advanceTimersByTimeAsync(MIN_AWAY_MS - 1000)
    store.dispatch(pageReturned())
    await vi.advanceTimersByTimeAsync(0)
    expect(loads()).toBe(0)
  })

  it('loads at most every 10 s, and never while a load is running', async () => {
    const { store, recorder, loads } = await loadedPage()
    store.dispatch(connectivityRestored())
    await vi.advanceTimersByTimeAsync(0)
    expect(loads()).toBe(0)
    await vi.advanceTimersByTimeAsync(MIN_REFRESH_INTERVAL_MS)
    recorder.holdLoads()
    store.dispatch(connectivityRestored())
    store.dispatch(connectivityRestored())
    await vi.advanceTimersByTimeAsync(MIN_REFRESH_INTERVAL_MS)
    store.dispatch(connectivityRestored())
    await vi.advanceTimersByTimeAsync(0)
    expect(loads()).toBe(1)
    // Meanwhile the list stays as it was: no "Loading" in its place.
    expect(store.getState().tasks.status).toBe('loaded')
    recorder.releaseLoad(EMAIL)
    await vi.advanceTimersByTimeAsync(0)
  })

  it('keeps this device’s pending changes over the server’s list, field by field', async () => {
    const { store, recorder, elsewhere } = await loadedPage()
    recorder.failWritesWith(Object.assign(new Error('offline'), { code: 'unavailable' }))
    store.dispatch(taskMarkedDone('a'))
    elsewhere((tasks) =>
      tasks.map((task) =>
        task.id === 'a' ? { ...task, task: 'Email Alex about the contract' } : task,
      ),
    )
    store.dispatch(pageLeft())
    await vi.advanceTimersByTimeAsync(MIN_AWAY_MS + 1)
    store.dispatch(pageReturned())
    await vi.advanceTimersByTimeAsync(0)
    expect(selectAllTasks(store.getState())).toMatchObject([
      { id: 'b', task: 'Buy milk', isFinished: false },
      { id: 'a', task: 'Email Alex about the contract', isFinished: true },
    ])
  })

  it('a task deleted elsewhere disappears; an edit of it is refused, said, and never re-creates it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { store, elsewhere, recorder } = await loadedPage()
    elsewhere((tasks) => tasks.filter((task) => task.id !== 'a'))
    store.dispatch(taskTextSaved({ id: 'a', task: 'Edited here' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(store.getState().sync.refused).toMatch(/deleted on another device/)
    // The refusal brings the server's list at once: the row is gone.
    expect(texts(store)).toEqual(['Buy milk'])
    expect(recorder.serverTasks(EMAIL).map((task) => task.id)).toEqual(['b'])
  })

  it('the optional periodic refresh loads the list, at most every 10 s', async () => {
    const { store, loads } = await loadedPage()
    store.dispatch(refreshDue())
    await vi.advanceTimersByTimeAsync(MIN_REFRESH_INTERVAL_MS)
    store.dispatch(refreshDue())
    await vi.advanceTimersByTimeAsync(0)
    expect(loads()).toBe(1)
  })

  it('the server refusing a write brings its list, whenever the last load was', async () => {
    const { store, loads } = await loadedPage()
    store.dispatch(writeRefused({ reason: 'the server did not accept the change' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(loads()).toBe(1)
  })
})

describe('loading on sign-in', () => {
  const GRACE: AuthUser = {
    displayName: 'Grace Hopper',
    email: 'grace@example.com',
    photoURL: null,
  }
  const startedStore = () =>
    startedApp([
      { id: 'a1', task: 'Ada 1', isFinished: false, email: 'ada@example.com', order: 0 },
      { id: 'g1', task: 'Grace 1', isFinished: false, email: 'grace@example.com', order: 0 },
    ])

  it('replaces the list when another user signs in', async () => {
    const { store, fakeAuth } = startedStore()
    fakeAuth.emit(ADA)
    await settle()
    fakeAuth.emit(GRACE)
    await settle()
    expect(selectAllTasks(store.getState()).map((task) => task.task)).toEqual(['Grace 1'])
    expect(sessionStorage.getItem('userEmail')).toBe('grace@example.com')
  })

  it('ignores a load answered after the user changed', async () => {
    const { store, fakeAuth, recorder } = startedStore()
    recorder.holdLoads()
    fakeAuth.emit(ADA)
    await settle()
    fakeAuth.emit(GRACE)
    await settle()
    recorder.releaseLoad('grace@example.com')
    await settle()
    recorder.releaseLoad('ada@example.com')
    await settle()
    expect(selectAllTasks(store.getState()).map((task) => task.task)).toEqual(['Grace 1'])
  })

  it('a failed load logs the error and says the list could not be loaded', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { store, fakeAuth, recorder } = startedStore()
    recorder.holdLoads()
    fakeAuth.emit(ADA)
    await settle()
    const err = new Error('unavailable')
    recorder.failLoad('ada@example.com', err)
    await settle()
    expect(consoleError).toHaveBeenCalledExactlyOnceWith('Error loading tasks', err)
    expect(store.getState().tasks.status).toBe('failed')
  })
})
