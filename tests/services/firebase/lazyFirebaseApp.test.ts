import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLoadGate } from '../../../src/services/firebase/lazyFirebaseApp'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const settled = async (promise: Promise<unknown>) => {
  let done = false
  void promise.then(() => {
    done = true
  })
  await vi.advanceTimersByTimeAsync(0)
  return done
}

describe('the gate Firebase loads behind', () => {
  it('stays shut until opened, then opens after the next frame', async () => {
    vi.useFakeTimers()
    const gate = createLoadGate()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await settled(gate.opened)).toBe(false)
    gate.open()
    expect(await settled(gate.opened)).toBe(false)
    await vi.advanceTimersByTimeAsync(20)
    expect(await settled(gate.opened)).toBe(true)
  })

  it('opens within half a second where no frame comes (a hidden tab)', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestAnimationFrame', () => 0)
    const gate = createLoadGate()
    gate.open()
    await vi.advanceTimersByTimeAsync(499)
    expect(await settled(gate.opened)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await settled(gate.opened)).toBe(true)
  })
})
