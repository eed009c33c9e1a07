import { afterEach, describe, expect, it, vi } from 'vitest'
import { deletionRun } from '../../../src/services/firebase/deletionRun'

// A run of Delete account on this device (src/services/firebase/deletionRun.ts): whose deletion
// a page takes as its own, a run cut short by a reload, and a stop sent until the server takes it.

afterEach(() => {
  localStorage.clear()
  vi.useRealTimers()
})

const unavailable = () => Object.assign(new Error('offline'), { code: 'unavailable' })

describe('a run of Delete account', () => {
  it('is this page’s own while it runs and while its stop is owed, and no longer once stopped', async () => {
    const run = deletionRun(() => 'ada')
    expect(run.isMine('ada')).toBe(false)
    await run.begin()
    expect(run.isMine('ada')).toBe(true)
    expect(run.isMine('grace')).toBe(false)
    await run.stop(() => Promise.resolve())
    expect(run.isMine('ada')).toBe(false)
    expect(localStorage.length).toBe(0)
  })

  it('cut short by a reload: the next page of the same account finds it orphaned; another account does not', async () => {
    await deletionRun(() => 'ada').begin()
    // The page that ran it is gone: a new one, with the note it left.
    expect(await deletionRun(() => 'ada').orphaned()).toBe(true)
    expect(await deletionRun(() => 'grace').orphaned()).toBe(false)
  })

  it('a stop the server could not take is sent again on `online`, until it is taken', async () => {
    const run = deletionRun(() => 'ada')
    await run.begin()
    const send = vi.fn<() => Promise<void>>().mockRejectedValueOnce(unavailable())
    await expect(run.stop(send)).rejects.toThrow('offline')
    expect(run.isMine('ada')).toBe(true)
    send.mockResolvedValueOnce(undefined)
    dispatchEvent(new Event('online'))
    await vi.waitFor(
      () => {
        expect(run.isMine('ada')).toBe(false)
      },
      { timeout: 10_000 },
    )
    expect(send).toHaveBeenCalledTimes(2)
    expect(localStorage.length).toBe(0)
    // Taken: nothing more is sent.
    dispatchEvent(new Event('online'))
    expect(send).toHaveBeenCalledTimes(2)
  })

  it('and every 10 s while offline, with no `online` heard', async () => {
    vi.useFakeTimers()
    const run = deletionRun(() => 'ada')
    await run.begin()
    const send = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(unavailable())
      .mockRejectedValueOnce(unavailable())
      .mockResolvedValueOnce(undefined)
    await expect(run.stop(send)).rejects.toThrow('offline')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(send).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(send).toHaveBeenCalledTimes(3)
    expect(run.isMine('ada')).toBe(false)
  })

  it('a new run forgets the stop owed by the last', async () => {
    const run = deletionRun(() => 'ada')
    await run.begin()
    const send = vi.fn<() => Promise<void>>().mockRejectedValue(unavailable())
    await expect(run.stop(send)).rejects.toThrow('offline')
    await run.begin()
    dispatchEvent(new Event('online'))
    expect(send).toHaveBeenCalledTimes(1)
    expect(run.isMine('ada')).toBe(true)
  })
})
