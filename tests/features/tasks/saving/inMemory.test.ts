import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectivityLost } from '../../../../src/app/hooks'
import { addTask, moveTask, toggleTask } from '../../../../src/features/tasks/model/commands'
import { nextDue } from '../../../../src/features/tasks/model/recurrence'
import { IN_MEMORY_MS } from '../../../../src/features/tasks/saving/listeners'
import {
  SAVING_MESSAGE,
  selectChangesInMemory,
  selectSyncMessage,
} from '../../../../src/features/tasks/saving/syncSlice'
import { signedInStore, storedTask } from '../../../support/store'

// A change in the page's memory alone (the SDK has not put it on the device's disk yet: a busy
// machine) is lost if the page goes. The sync line says 'Saving…' once that has lasted a moment,
// whatever the live query says, and nothing once every change is on disk (docs/sync.md).

afterEach(() => {
  vi.useRealTimers()
})

/** Ada signed in with three tasks, every message the line shows recorded; the clock the test's. */
async function busyDevice() {
  const page = await signedInStore([
    storedTask('a', false, 0),
    storedTask('b', false, 1),
    storedTask('c', false, 2),
  ])
  const said: (string | null)[] = []
  page.store.subscribe(() => {
    const message = selectSyncMessage(page.store.getState())
    if (said.at(-1) !== message) said.push(message)
  })
  vi.useFakeTimers()
  return {
    ...page,
    said,
    message: () => selectSyncMessage(page.store.getState()),
    inMemory: () => selectChangesInMemory(page.store.getState()),
  }
}

describe('changes in the page’s memory alone', () => {
  it('an add and two moves held in memory: "Saving…" after a moment, until all are on disk', async () => {
    const { store, repository, message, inMemory } = await busyDevice()
    repository.holdInMemory()
    store.dispatch(addTask('Call Bea'))
    store.dispatch(moveTask('a', 'b'))
    store.dispatch(moveTask('c', 'a'))
    // Acknowledged by the server, as far as the live query says: nothing pending.
    await vi.advanceTimersByTimeAsync(0)
    expect(repository.writes.map(({ kind }) => kind)).toEqual(['add', 'update', 'update'])
    expect(store.getState().sync.pending).toBe(false)
    expect(inMemory()).toBe(true)
    expect(message()).toBeNull()
    await vi.advanceTimersByTimeAsync(IN_MEMORY_MS - 1)
    expect(message()).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(message()).toBe(SAVING_MESSAGE)
    // However long it takes.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(message()).toBe(SAVING_MESSAGE)
    expect(repository.repository.changesOnlyInMemory()).toBe(true)

    repository.putOnDisk()
    await vi.advanceTimersByTimeAsync(0)
    expect(inMemory()).toBe(false)
    expect(message()).toBeNull()
    expect(repository.repository.changesOnlyInMemory()).toBe(false)
  })

  it('never says it for a change on disk within the moment', async () => {
    const { store, repository, said, inMemory } = await busyDevice()
    repository.holdInMemory()
    store.dispatch(toggleTask('a', nextDue))
    await vi.advanceTimersByTimeAsync(IN_MEMORY_MS - 100)
    expect(inMemory()).toBe(true)
    repository.putOnDisk()
    await vi.advanceTimersByTimeAsync(IN_MEMORY_MS * 10)
    expect(inMemory()).toBe(false)
    expect(said).not.toContain(SAVING_MESSAGE)
  })

  it('times each spell in memory from its start', async () => {
    const { store, repository, message } = await busyDevice()
    repository.holdInMemory()
    store.dispatch(toggleTask('a', nextDue))
    await vi.advanceTimersByTimeAsync(IN_MEMORY_MS - 100)
    repository.putOnDisk()
    await vi.advanceTimersByTimeAsync(0)
    repository.holdInMemory()
    store.dispatch(toggleTask('b', nextDue))
    await vi.advanceTimersByTimeAsync(IN_MEMORY_MS - 1)
    expect(message()).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(message()).toBe(SAVING_MESSAGE)
  })

  it('says it offline too: the offline line would say the change is kept on the device', async () => {
    const { store, repository, message } = await busyDevice()
    store.dispatch(connectivityLost())
    repository.serverReachable = false
    repository.holdInMemory()
    store.dispatch(toggleTask('a', nextDue))
    await vi.advanceTimersByTimeAsync(IN_MEMORY_MS)
    expect(message()).toBe(SAVING_MESSAGE)
    repository.putOnDisk()
    await vi.advanceTimersByTimeAsync(0)
    expect(message()).not.toBe(SAVING_MESSAGE)
  })
})
