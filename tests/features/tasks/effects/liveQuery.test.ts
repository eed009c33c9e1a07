import { afterEach, describe, expect, it, vi } from 'vitest'
import { BACKOFF_INITIAL_MS } from '../../../../src/lib/helpers'
import {
  LIST_LATE_MS,
  LOAD_FAILURE_MESSAGE,
} from '../../../../src/features/tasks/effects/listeners'
import {
  selectAllTasks,
  selectListAvailability,
  selectTaskIds,
  tasksLoadRetried,
} from '../../../../src/features/tasks/model/tasksSlice'
import { ADA } from '../../../support/fakeAuthService'
import { firestoreError } from '../../../support/fakeTaskRepository'
import { createTestServices } from '../../../support/services'
import { settle } from '../../../support/settle'
import { EMAIL, signedInStore, startedStore, storedTask } from '../../../support/store'

const GRACE = { displayName: 'Grace Hopper', email: 'grace@example.com', photoURL: null }
const stored = [
  storedTask('a', false, 0, 'Ada’s'),
  { ...storedTask('g', false, 0, 'Grace’s'), email: GRACE.email },
]

afterEach(() => {
  vi.useRealTimers()
})

describe('the live query', () => {
  it('brings another device’s changes to the list as they happen', async () => {
    const { store, repository } = await signedInStore(stored)
    repository.remotePut(storedTask('n', false, 1, 'From the phone'))
    repository.remotePut(storedTask('a', true, 7, 'Ada’s, done'))
    await vi.waitFor(
      () => {
        expect(selectAllTasks(store.getState()).map((task) => task.task)).toEqual([
          'From the phone',
          'Ada’s, done',
        ])
      },
      { timeout: 10_000 },
    )
    repository.remoteDelete('n')
    await vi.waitFor(
      () => {
        expect(selectTaskIds(store.getState())).toEqual(['a'])
      },
      { timeout: 10_000 },
    )
  })

  it('stops at sign-out, and the list is cleared', async () => {
    const { store, repository, fakeAuth } = await signedInStore(stored)
    fakeAuth.emit(null)
    await settle()
    expect(repository.watching()).toEqual([])
    expect(store.getState().tasks).toMatchObject({ ids: [], owner: null })
    repository.remotePut(storedTask('late'))
    await settle()
    expect(selectTaskIds(store.getState())).toEqual([])
  })

  it('follows the next user only, never showing the last one’s tasks', async () => {
    const { store, repository, fakeAuth } = await signedInStore(stored)
    fakeAuth.emit(GRACE)
    expect(selectTaskIds(store.getState())).toEqual([])
    await vi.waitFor(
      () => {
        expect(selectTaskIds(store.getState())).toEqual(['g'])
      },
      { timeout: 10_000 },
    )
    expect(repository.watching()).toEqual([GRACE.email])
  })

  it('waits for sign-in: nothing is followed while nobody is signed in', async () => {
    const { repository, fakeAuth } = startedStore(createTestServices({ stored }))
    fakeAuth.emit(null)
    await settle()
    expect(repository.watching()).toEqual([])
  })
})

describe('a failed live query', () => {
  it('logs "Error loading tasks", says the list cannot be had, and asks again after a backoff', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { store, repository } = await signedInStore(stored)
    vi.useFakeTimers()
    const err = firestoreError('permission-denied')
    repository.failWatches(err)
    await vi.advanceTimersByTimeAsync(0)
    expect(consoleError).toHaveBeenCalledExactlyOnceWith(LOAD_FAILURE_MESSAGE, err)
    expect(LOAD_FAILURE_MESSAGE).toBe('Error loading tasks')
    expect(store.getState().tasks.status).toBe('failed')
    expect(repository.watching()).toEqual([])

    await vi.advanceTimersByTimeAsync(BACKOFF_INITIAL_MS)
    expect(repository.watching()).toEqual([EMAIL])
    expect(store.getState().tasks.status).toBe('loaded')
    expect(selectTaskIds(store.getState())).toEqual(['a'])
  })

  it('before the first answer, leaves the list area saying it failed, not "No tasks"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { store, repository, fakeAuth } = startedStore(createTestServices({ stored }))
    fakeAuth.emit(ADA)
    repository.failWatches(firestoreError('unavailable'))
    await vi.waitFor(
      () => {
        expect(selectListAvailability(store.getState())).toBe('failed')
      },
      { timeout: 10_000 },
    )
  })

  it('an answer that never comes: still loading, then late with Retry, which asks again on a new connection', async () => {
    const testServices = createTestServices({ stored })
    testServices.repository.losesFirstAnswers = true
    vi.useFakeTimers()
    const { store, fakeAuth, repository } = startedStore(testServices)
    fakeAuth.emit(ADA)
    await vi.advanceTimersByTimeAsync(LIST_LATE_MS - 1)
    expect(selectListAvailability(store.getState())).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(selectListAvailability(store.getState())).toBe('late')
    repository.losesFirstAnswers = false
    store.dispatch(tasksLoadRetried())
    await vi.advanceTimersByTimeAsync(0)
    expect(repository.reconnects).toBe(1)
    expect(repository.watching()).toEqual([EMAIL])
    expect(selectTaskIds(store.getState())).toEqual(['a'])
  })
})
