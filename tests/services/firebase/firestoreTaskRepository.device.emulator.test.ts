// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { device, follow, newUser } from '../../emulators/devices'

// What the device keeps (IndexedDB, here fake-indexeddb), on the real SDK against the emulator.

const databasesOf = async (appName: string) =>
  (await indexedDB.databases()).map(({ name }) => name).filter((name) => name?.includes(appName))

describe('the device', () => {
  it('keeps the tasks in IndexedDB, and after clearDevice keeps nothing of them', async () => {
    const email = newUser()
    const laptop = await device(email)
    expect(await laptop.tasks.persistence()).toBe('device')
    await laptop.tasks.add({
      id: `t-${crypto.randomUUID()}`,
      task: 'Kept',
      isFinished: false,
      email,
      order: 0,
    })
    expect(await laptop.tasks.allSaved(10_000)).toBe(true)

    // Offline, the list comes from the device alone.
    await laptop.offline()
    const cached = follow(laptop.tasks, email)
    await expect.poll(cached.texts).toEqual(['Kept'])
    cached.stop()
    await laptop.online()
    expect(await databasesOf(laptop.app.name)).not.toEqual([])

    await laptop.tasks.clearDevice()
    expect(await databasesOf(laptop.app.name)).toEqual([])
    await laptop.offline()
    const cleared = follow(laptop.tasks, email)
    await expect.poll(() => cleared.reports.length).toBeGreaterThan(0)
    expect(cleared.reports[0]?.fromCache).toBe(true)
    expect(cleared.texts()).toEqual([])

    // The repository goes on working, and the server still has the tasks.
    await laptop.online()
    await expect.poll(cleared.texts).toEqual(['Kept'])
  })
})
