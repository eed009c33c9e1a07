import { afterEach, describe, expect, it, vi } from 'vitest'
import { signOutRequested } from '../../../src/features/auth/authSlice'
import { taskMarkedDone } from '../../../src/features/tasks/taskEdits'
import { ADA } from '../../support/fakeAuthService'
import { EMAIL, loadedTask, startedApp } from '../../support/store'

afterEach(() => {
  vi.useRealTimers()
})

describe('signing out on purpose', () => {
  it('removes the list kept on the device, and keeps the pending writes for next time', async () => {
    vi.useFakeTimers()
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { store, recorder, local, services, fakeAuth } = startedApp([
      loadedTask('a', false, 0),
      loadedTask('b', false, 1),
    ])
    fakeAuth.emit(ADA)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await local.getList(EMAIL)).toHaveLength(2)
    recorder.failWritesWith(Object.assign(new Error('offline'), { code: 'unavailable' }))
    store.dispatch(taskMarkedDone('a'))
    await vi.advanceTimersByTimeAsync(0)
    store.dispatch(signOutRequested())
    await vi.advanceTimersByTimeAsync(1000)
    expect(store.getState().auth.status).toBe('signedOut')
    expect(await local.getList(EMAIL)).toBeNull()
    expect(await services.outbox.pending(EMAIL)).toMatchObject([{ id: 'a', kind: 'update' }])
  })
})
