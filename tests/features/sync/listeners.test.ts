import { afterEach, describe, expect, it, vi } from 'vitest'
import { appStarted, connectivityLost, connectivityRestored } from '../../../src/app/actions'
import { setupStore } from '../../../src/app/store'
import { REFUSAL_SHOWN_MS, SLOW_WRITE_MS } from '../../../src/features/sync/listeners'
import {
  MEMORY_ONLY_MESSAGE,
  OFFLINE_MESSAGE,
  SAVING_MESSAGE,
  selectSyncMessage,
} from '../../../src/features/sync/syncSlice'
import { taskMarkedDone, taskTextSaved } from '../../../src/features/tasks/taskEdits'
import { createMemoryStore } from '../../../src/services/outbox/storage'
import { ADA } from '../../support/fakeAuthService'
import { createRecordingRepository } from '../../support/recordingTaskRepository'
import { createTestServices } from '../../support/services'

const EMAIL = 'ada@example.com'
const failure = (code: string) => Object.assign(new Error(code), { code })

afterEach(() => {
  vi.useRealTimers()
})

async function signedInPage() {
  vi.useFakeTimers()
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const recorder = createRecordingRepository([
    { id: 'a', task: 'Email Alex', isFinished: false, email: EMAIL, order: 0 },
  ])
  const testServices = createTestServices({ tasks: recorder.repository })
  const store = setupStore(testServices.services)
  store.dispatch(appStarted())
  testServices.fakeAuth.emit(ADA)
  await vi.advanceTimersByTimeAsync(0)
  const message = () => selectSyncMessage(store.getState())
  return { ...testServices, store, recorder, message }
}

describe('the sync status', () => {
  it('says nothing while writes go through', async () => {
    const { store, message } = await signedInPage()
    store.dispatch(taskMarkedDone('a'))
    await vi.advanceTimersByTimeAsync(SLOW_WRITE_MS * 3)
    expect(message()).toBeNull()
  })

  it('says "Saving…" only once a write has waited a second, and nothing once it is through', async () => {
    const { store, recorder, message } = await signedInPage()
    recorder.hangWrites()
    store.dispatch(taskMarkedDone('a'))
    await vi.advanceTimersByTimeAsync(SLOW_WRITE_MS - 10)
    expect(message()).toBeNull()
    await vi.advanceTimersByTimeAsync(10)
    expect(message()).toBe(SAVING_MESSAGE)
    recorder.settlePending()
    await vi.advanceTimersByTimeAsync(0)
    expect(message()).toBeNull()
  })

  it('offline with changes waiting, says they are kept and will be sent', async () => {
    const { store, recorder, message } = await signedInPage()
    store.dispatch(connectivityLost())
    expect(message()).toBeNull()
    recorder.failWritesWith(failure('unavailable'))
    store.dispatch(taskTextSaved({ id: 'a', task: 'Edited offline' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(message()).toBe(OFFLINE_MESSAGE)
    recorder.succeedWrites()
    store.dispatch(connectivityRestored())
    await vi.advanceTimersByTimeAsync(0)
    expect(message()).toBeNull()
  })

  it('names a write the server refused for good, for a while', async () => {
    const { store, recorder, message } = await signedInPage()
    recorder.failWritesWith(failure('permission-denied'))
    store.dispatch(taskMarkedDone('a'))
    await vi.advanceTimersByTimeAsync(0)
    expect(message()).toBe(
      'Not saved: the task was deleted on another device, or is no longer yours',
    )
    await vi.advanceTimersByTimeAsync(REFUSAL_SHOWN_MS)
    expect(message()).toBeNull()
  })

  it('says when changes are kept in memory only (device storage unusable)', async () => {
    vi.useFakeTimers()
    const testServices = createTestServices({ local: createMemoryStore() })
    const store = setupStore(testServices.services)
    store.dispatch(appStarted())
    testServices.fakeAuth.emit(ADA)
    await vi.advanceTimersByTimeAsync(0)
    expect(selectSyncMessage(store.getState())).toBe(MEMORY_ONLY_MESSAGE)
  })
})
