import { afterEach, describe, expect, it, vi } from 'vitest'
import { signOutRequested } from '../../../../src/features/auth/authSlice'
import {
  SIGN_OUT_SAVE_WAIT_ANSWERING_MS,
  SIGN_OUT_SAVE_WAIT_MS,
} from '../../../../src/features/auth/listeners'
import { toggleTask } from '../../../../src/features/tasks/model/commands'
import { createTestServices } from '../../../support/services'
import { settle } from '../../../support/settle'
import { signedInStore, storedTask } from '../../../support/store'
import { nextDue } from '../../../../src/features/tasks/model/recurrence'

// The tasks' side of Log Out: what the device keeps of them afterwards.

const signedInWith = () => signedInStore([storedTask('a', false, 0, 'Alpha')])

afterEach(() => {
  vi.useRealTimers()
})

describe('signing out on purpose', () => {
  it('clears what the device keeps once everything reached the server', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { store, repository } = await signedInWith()
    store.dispatch(toggleTask('a', nextDue))
    store.dispatch(signOutRequested())
    await vi.waitFor(
      () => {
        expect(repository.devicesCleared).toBe(1)
      },
      { timeout: 10_000 },
    )
  })

  it('clears it with changes not yet sent too: the device keeps those alone (the adapter’s part)', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { store, repository, fakeAuth } = await signedInWith()
    // The server stops answering: Log Out waits its 3 s.
    repository.serverReachable = false
    repository.holdWrites()
    store.dispatch(toggleTask('a', nextDue))
    await vi.waitFor(
      () => {
        expect(store.getState().sync.serverSeen).toBe(false)
      },
      { timeout: 10_000 },
    )
    vi.useFakeTimers()
    store.dispatch(signOutRequested())
    await vi.advanceTimersByTimeAsync(SIGN_OUT_SAVE_WAIT_MS)
    expect(fakeAuth.calls.signOut).toBe(1)
    expect(store.getState().sync.unsavedLeft).toBe(true)
    await vi.waitFor(
      () => {
        expect(repository.devicesCleared).toBe(1)
      },
      { timeout: 10_000 },
    )
  })

  it('waits past 3 s for writes on their way while the server answers: saved, nothing said (issue 37)', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { store, repository, fakeAuth } = await signedInWith()
    expect(store.getState().sync.serverSeen).toBe(true)
    repository.holdWrites()
    store.dispatch(toggleTask('a', nextDue))
    vi.useFakeTimers()
    store.dispatch(signOutRequested())
    await vi.advanceTimersByTimeAsync(SIGN_OUT_SAVE_WAIT_MS * 2)
    expect(fakeAuth.calls.signOut).toBe(0)
    // A second click meanwhile adds nothing.
    store.dispatch(signOutRequested())
    repository.acknowledgeHeld()
    await vi.advanceTimersByTimeAsync(0)
    vi.useRealTimers()
    await vi.waitFor(
      () => {
        expect(repository.devicesCleared).toBe(1)
      },
      { timeout: 10_000 },
    )
    expect(fakeAuth.calls.signOut).toBe(1)
    expect(store.getState().sync.unsavedLeft).toBe(false)
  })

  it('says a write unsent once it has waited its longest while the server answers', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { store, repository, fakeAuth } = await signedInWith()
    repository.holdWrites()
    store.dispatch(toggleTask('a', nextDue))
    vi.useFakeTimers()
    store.dispatch(signOutRequested())
    await vi.advanceTimersByTimeAsync(SIGN_OUT_SAVE_WAIT_ANSWERING_MS - 1)
    expect(fakeAuth.calls.signOut).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(fakeAuth.calls.signOut).toBe(1)
    expect(store.getState().sync.unsavedLeft).toBe(true)
  })

  it('does not when Auth signs the user out by itself', async () => {
    const { repository, fakeAuth } = await signedInWith()
    fakeAuth.emit(null)
    await settle()
    expect(repository.devicesCleared).toBe(0)
  })

  it('warns, and goes on, when the device cannot be cleared', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const testServices = createTestServices()
    const err = new Error('blocked')
    testServices.services.tasks = {
      ...testServices.services.tasks,
      clearDevice: () => Promise.reject(err),
    }
    const { store } = await signedInStore([], testServices)
    store.dispatch(signOutRequested())
    await vi.waitFor(
      () => {
        expect(consoleWarn).toHaveBeenCalledExactlyOnceWith(
          'The tasks kept on this device could not be removed',
          err,
        )
      },
      { timeout: 10_000 },
    )
    expect(store.getState().auth.user).toBeNull()
  })
})
