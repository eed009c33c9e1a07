import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectivityLost, connectivityRestored } from '../../../../src/app/hooks'
import { SLOW_WRITE_MS } from '../../../../src/features/tasks/saving/listeners'
import {
  MEMORY_ONLY_MESSAGE,
  OFFLINE_MESSAGE,
  OFFLINE_PENDING_MESSAGE,
  SAVING_MESSAGE,
  selectSyncMessage,
} from '../../../../src/features/tasks/saving/syncSlice'
import { retryChanges, toggleTask } from '../../../../src/features/tasks/model/commands'
import {
  taskTextSaved,
  unsavedChangesDiscarded,
} from '../../../../src/features/tasks/model/tasksSlice'
import { createTestServices } from '../../../support/services'
import { signedInStore, startedStore, storedTask } from '../../../support/store'
import { nextDue } from '../../../../src/features/tasks/model/recurrence'

afterEach(() => {
  vi.useRealTimers()
})

/** Ada signed in with two tasks; the clock is the test's from here on. */
async function signedInPage() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const page = await signedInStore([
    storedTask('a', false, 0, 'Email Alex'),
    storedTask('b', false, 1),
  ])
  vi.useFakeTimers()
  return { ...page, message: () => selectSyncMessage(page.store.getState()) }
}

describe('the sync line', () => {
  it('says nothing while writes go through', async () => {
    const { store, message } = await signedInPage()
    store.dispatch(toggleTask('a', nextDue))
    await vi.advanceTimersByTimeAsync(SLOW_WRITE_MS * 3)
    expect(message()).toBeNull()
  })

  it('says "Saving…" once changes have waited a second, from the first of them, until they are through', async () => {
    const { store, repository, message } = await signedInPage()
    repository.holdWrites()
    store.dispatch(toggleTask('a', nextDue))
    await vi.advanceTimersByTimeAsync(SLOW_WRITE_MS / 2)
    store.dispatch(toggleTask('b', nextDue))
    await vi.advanceTimersByTimeAsync(SLOW_WRITE_MS / 2 - 1)
    expect(message()).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(message()).toBe(SAVING_MESSAGE)
    repository.acknowledgeHeld()
    await vi.advanceTimersByTimeAsync(0)
    expect(message()).toBeNull()
  })

  it('offline, says changes are kept and will be sent, then that the list is the device’s', async () => {
    const { store, repository, message } = await signedInPage()
    store.dispatch(connectivityLost())
    repository.serverReachable = false
    expect(message()).toBe(OFFLINE_MESSAGE)
    repository.holdWrites()
    store.dispatch(taskTextSaved({ id: 'a', task: 'Edited offline' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(message()).toBe(OFFLINE_PENDING_MESSAGE)
    repository.acknowledgeHeld()
    await vi.advanceTimersByTimeAsync(0)
    expect(message()).toBe(OFFLINE_MESSAGE)
    store.dispatch(connectivityRestored())
    expect(message()).toBeNull()
  })

  it('names the latest change the server refused, and how many more, until each is retried or discarded', async () => {
    const { store, repository, message } = await signedInPage()
    repository.refuseWrites('permission-denied')
    store.dispatch(toggleTask('a', nextDue))
    await vi.advanceTimersByTimeAsync(0)
    expect(message()).toBe('Not saved: “Email Alex”: the server refused it.')
    store.dispatch(taskTextSaved({ id: 'b', task: 'Call Bea' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(message()).toBe(
      'Not saved: “Call Bea”: the server refused it. 1 more change is not saved either.',
    )
    // No timer ends it: an hour later it is still said.
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(message()).toBe(
      'Not saved: “Call Bea”: the server refused it. 1 more change is not saved either.',
    )
    store.dispatch(unsavedChangesDiscarded(['b']))
    expect(message()).toBe('Not saved: “Email Alex”: the server refused it.')
    repository.acknowledgeWrites()
    store.dispatch(retryChanges(['a']))
    expect(message()).toBeNull()
  })

  it('says when the device cannot keep changes (memory only)', async () => {
    const testServices = createTestServices()
    testServices.repository.setPersistence('memory')
    const { store } = startedStore(testServices)
    await vi.waitFor(
      () => {
        expect(selectSyncMessage(store.getState())).toBe(MEMORY_ONLY_MESSAGE)
      },
      { timeout: 10_000 },
    )
  })
})
