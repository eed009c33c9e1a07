import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { probeIndexedDb } from '../../../src/services/firebase/firestoreTaskRepository'

// The repository itself runs against the emulator (*.emulator.test.ts, `npm run test:emulators`).

afterEach(() => {
  vi.useRealTimers()
})

/** An IndexedDB whose open() fails as some private windows' does, or never answers. */
function brokenIndexedDb(how: 'throws' | 'errors' | 'silent'): IDBFactory {
  const factory = new IDBFactory()
  vi.spyOn(factory, 'open').mockImplementation(() => {
    if (how === 'throws') throw new DOMException('The operation is insecure.', 'SecurityError')
    const request = {} as IDBOpenDBRequest
    if (how === 'errors') {
      setTimeout(() => {
        request.onerror?.call(request, new Event('error'))
      }, 0)
    }
    return request
  })
  return factory
}

describe('whether the device can keep the tasks', () => {
  it('is "device" where IndexedDB opens, leaving no probe database behind', async () => {
    const indexedDb = new IDBFactory()
    expect(await probeIndexedDb(indexedDb)).toBe('device')
    await expect.poll(async () => (await indexedDb.databases()).length).toBe(0)
  })

  it('is "memory" without IndexedDB, or where opening it fails', async () => {
    expect(await probeIndexedDb(null)).toBe('memory')
    expect(await probeIndexedDb(brokenIndexedDb('throws'))).toBe('memory')
    expect(await probeIndexedDb(brokenIndexedDb('errors'))).toBe('memory')
  })

  it('is "memory" where IndexedDB never answers, once the time-out has passed', async () => {
    vi.useFakeTimers()
    let answer: string | undefined
    void probeIndexedDb(brokenIndexedDb('silent'), 4000).then((found) => (answer = found))
    await vi.advanceTimersByTimeAsync(3999)
    expect(answer).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(answer).toBe('memory')
  })
})
