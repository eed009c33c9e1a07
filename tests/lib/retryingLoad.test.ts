import { describe, expect, it, vi } from 'vitest'
import { importAgainAfterFailure, retryingLoad } from '../../src/lib/helpers'

describe('a value loaded on first use', () => {
  it('is loaded once, however many ask, and kept', async () => {
    const load = vi.fn(() => Promise.resolve('chunk'))
    const get = retryingLoad(load)
    expect(await Promise.all([get(), get()])).toEqual(['chunk', 'chunk'])
    expect(await get()).toBe('chunk')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('is loaded again after a failure, which is not kept', async () => {
    const dropped = new Error('dropped download')
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(dropped)
      .mockResolvedValue('chunk')
    const get = retryingLoad(load)
    await expect(get()).rejects.toBe(dropped)
    expect(await get()).toBe('chunk')
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('a chunk imported again after a failure', () => {
  it('is the import itself while nothing failed, and again where the error names no script', async () => {
    const failure = new TypeError('Importing a module script failed.')
    const importer = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValue({ name: 'chunk' })
    const load = importAgainAfterFailure(importer)
    await expect(load()).rejects.toBe(failure)
    expect(await load()).toEqual({ name: 'chunk' })
    expect(importer).toHaveBeenCalledTimes(2)
  })
})
