import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { FAILURE_MESSAGES } from '../../../src/features/tasks/messages'
import { createOutbox } from '../../../src/services/outbox/outbox'
import { createResilientStore } from '../../../src/services/outbox/resilientStore'
import { openIndexedDbStore, openLocalStore } from '../../../src/services/outbox/storage'
import type { Task } from '../../../src/services/types'
import { breakable } from '../../support/breakableStore'
import { createRecordingRepository } from '../../support/recordingTaskRepository'

const EMAIL = 'ada@example.com'
const task = (id: string, text = `Task ${id}`): Task => ({
  id,
  task: text,
  isFinished: false,
  email: EMAIL,
  order: 0,
})
const quiet = { error: () => undefined, info: () => undefined, warn: () => undefined }

async function setUp() {
  const factory = new IDBFactory()
  const disk = breakable(await openIndexedDbStore(factory))
  const durability: boolean[] = []
  let now = 0
  const warn = vi.fn()
  const local = createResilientStore(disk.store, {
    warn,
    onDurabilityChange: (durable) => durability.push(durable),
    now: () => now,
  })
  const recorder = createRecordingRepository()
  const outbox = createOutbox({
    store: local,
    repository: recorder.repository,
    logger: quiet,
    failureMessages: FAILURE_MESSAGES,
    refreshToken: () => Promise.resolve(),
  })
  const later = (ms: number) => {
    now += ms
  }
  return { factory, disk, local, outbox, recorder, durability, warn, later }
}

describe('device storage failing mid-session', () => {
  it('keeps what it held: an edit of an unsent add is still one add of the latest text', async () => {
    const { disk, local, outbox, recorder, durability, warn } = await setUp()
    await outbox.enqueue({ kind: 'add', task: task('t1', 'First') })
    disk.state.failing = true
    await outbox.enqueue({ kind: 'update', task: task('t1', 'Second'), fields: ['task'] })
    expect(local.durable).toBe(false)
    expect(durability).toEqual([false])
    expect(warn).toHaveBeenCalledWith(
      'Device storage failed: pending changes are kept in memory until it works again',
      expect.any(DOMException),
    )
    outbox.setActiveUser(EMAIL)
    await outbox.idle()
    expect(recorder.writes()).toEqual([{ kind: 'add', task: task('t1', 'Second') }])
    expect(await outbox.pending(EMAIL)).toEqual([])
  })

  it('goes back to IndexedDB when it works again, without resending acknowledged writes', async () => {
    const { factory, disk, local, outbox, recorder, durability, later } = await setUp()
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await outbox.enqueue({ kind: 'add', task: task('t2') })
    disk.state.failing = true
    // Sent while storage is failing: acknowledged, and gone from memory at once.
    outbox.setActiveUser(EMAIL)
    await outbox.idle()
    outbox.setActiveUser(null)
    await outbox.enqueue({ kind: 'delete', id: 't2', email: EMAIL })
    await local.putList(EMAIL, [task('t1')])
    disk.state.failing = false
    later(5000)
    await local.entriesOf(EMAIL)
    expect(durability).toEqual([false, true])
    expect(local.durable).toBe(true)

    // A reload: what IndexedDB holds now is the truth.
    const reopened = await openIndexedDbStore(factory)
    expect(await reopened.entriesOf(EMAIL)).toMatchObject([{ kind: 'delete', id: 't2' }])
    expect(await reopened.getList(EMAIL)).toEqual([task('t1')])
    expect(recorder.writes()).toHaveLength(2)
  })

  it('leaves an entry another tab changed in IndexedDB meanwhile', async () => {
    const { factory, disk, local, outbox, later } = await setUp()
    await outbox.enqueue({ kind: 'add', task: task('t1', 'Mine') })
    await local.entriesOf(EMAIL)
    disk.state.failing = true
    await outbox.enqueue({ kind: 'update', task: task('t1', 'Mine, edited'), fields: ['task'] })
    const otherTab = await openIndexedDbStore(factory)
    await otherTab.changeEntry('t1', (current, seq) => (current ? { ...current, seq } : null))
    disk.state.failing = false
    later(5000)
    await local.entriesOf(EMAIL)
    expect(await otherTab.entriesOf(EMAIL)).toMatchObject([{ task: { task: 'Mine' } }])
  })
})

describe('an IndexedDB open that never answers', () => {
  it('goes on in memory after the timeout, with a warning, and closes the late database unused', async () => {
    vi.useFakeTimers()
    const warn = vi.fn()
    const answers: (() => void)[] = []
    const close = vi.fn()
    const request = {
      result: { close, onversionchange: null },
      onsuccess: null as (() => void) | null,
      onerror: null,
      onupgradeneeded: null,
    }
    const stuck = {
      open: () => {
        answers.push(() => request.onsuccess?.())
        return request
      },
    } as unknown as IDBFactory
    const opening = openLocalStore(warn, stuck, 4000)
    await vi.advanceTimersByTimeAsync(4000)
    const store = await opening
    expect(store.durable).toBe(false)
    expect(warn).toHaveBeenCalledWith(
      'IndexedDB did not answer: pending changes are kept in memory only',
    )
    expect(answers).toHaveLength(1)
    answers[0]?.()
    await vi.advanceTimersByTimeAsync(0)
    expect(close).toHaveBeenCalled()
    vi.useRealTimers()
  })
})
