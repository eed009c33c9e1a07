import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FAILURE_MESSAGES } from '../../../src/features/tasks/messages'
import { backoffDelay } from '../../../src/lib/backoff'
import { classifyFailure } from '../../../src/services/outbox/failures'
import { createOutbox } from '../../../src/services/outbox/outbox'
import type { OutboxDependencies } from '../../../src/services/types'
import {
  createMemoryStore,
  openIndexedDbStore,
  openLocalStore,
} from '../../../src/services/outbox/storage'
import type { LocalStore, OutboxEntry, OutboxEvent, Task } from '../../../src/services/types'
import { createRecordingRepository } from '../../support/recordingTaskRepository'

const EMAIL = 'ada@example.com'
const task = (id: string, text = `Task ${id}`, email = EMAIL): Task => ({
  id,
  task: text,
  isFinished: false,
  email,
  order: 0,
})
const failure = (code: string) => Object.assign(new Error(code), { code })

let consoleError: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.useRealTimers()
})

function outboxWith(overrides: Partial<OutboxDependencies> = {}) {
  const recorder = createRecordingRepository()
  const refreshToken = vi.fn(() => Promise.resolve())
  const outbox = createOutbox({
    store: createMemoryStore(),
    repository: recorder.repository,
    logger: { error: console.error, info: console.log, warn: console.warn },
    failureMessages: FAILURE_MESSAGES,
    refreshToken,
    random: () => 0.5,
    ...overrides,
  })
  return { outbox, recorder, refreshToken }
}

describe('classifying failures by error code', () => {
  it.each([
    ['unavailable', 'transient'],
    ['deadline-exceeded', 'transient'],
    ['resource-exhausted', 'transient'],
    ['aborted', 'transient'],
    ['internal', 'transient'],
    ['unknown', 'transient'],
    ['cancelled', 'transient'],
    ['unauthenticated', 'unauthenticated'],
    // Anything not known to be final is retried: Auth's codes, and codes we never heard of.
    ['auth/network-request-failed', 'transient'],
    ['auth/too-many-requests', 'transient'],
    ['auth/internal-error', 'transient'],
    ['auth/quota-exceeded', 'transient'],
    ['auth/timeout', 'transient'],
    ['auth/web-storage-unsupported', 'transient'],
    ['auth/app-deleted', 'transient'],
    ['something-new', 'transient'],
    // The session ended: the writes wait for the owner's next sign-in.
    ['auth/user-token-expired', 'signedOut'],
    ['auth/user-disabled', 'signedOut'],
    ['auth/invalid-user-token', 'signedOut'],
    ['permission-denied', 'permanent'],
    ['invalid-argument', 'permanent'],
    ['not-found', 'permanent'],
    ['failed-precondition', 'permanent'],
    ['already-exists', 'permanent'],
    ['out-of-range', 'permanent'],
    ['unimplemented', 'permanent'],
    ['data-loss', 'permanent'],
  ])('%s is %s', (code, kind) => {
    expect(classifyFailure(failure(code))).toBe(kind)
  })

  it('an error without a code (a failed fetch) is transient', () => {
    expect(classifyFailure(new TypeError('Failed to fetch'))).toBe('transient')
  })
})

describe('backoff', () => {
  it('doubles from 1 s up to 60 s, with half of each delay random', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => backoffDelay(attempt, () => 1))
    expect(ceilings).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000])
    expect(backoffDelay(1, () => 0)).toBe(500)
    expect(backoffDelay(7, () => 0)).toBe(30000)
  })

  it('retries a transient failure after the backoff, and stops once it succeeds', async () => {
    vi.useFakeTimers()
    const { outbox, recorder } = outboxWith()
    recorder.failWritesWith(failure('unavailable'))
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await vi.advanceTimersByTimeAsync(0)
    expect(recorder.writes()).toHaveLength(1)
    // random 0.5: 750 ms, then 1,500 ms.
    await vi.advanceTimersByTimeAsync(749)
    expect(recorder.writes()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(recorder.writes()).toHaveLength(2)
    recorder.succeedWrites()
    await vi.advanceTimersByTimeAsync(1500)
    expect(recorder.writes()).toHaveLength(3)
    expect(await outbox.pending(EMAIL)).toEqual([])
    await vi.advanceTimersByTimeAsync(120_000)
    expect(recorder.writes()).toHaveLength(3)
    expect(consoleError).toHaveBeenCalledTimes(2)
    expect(consoleError).toHaveBeenCalledWith('Error adding document', expect.anything())
    outbox.close()
  })

  it('flushNow retries at once, without waiting for the backoff', async () => {
    vi.useFakeTimers()
    const { outbox, recorder } = outboxWith()
    recorder.failWritesWith(failure('unknown'))
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'update', task: task('t1'), fields: ['task'] })
    await vi.advanceTimersByTimeAsync(0)
    recorder.succeedWrites()
    outbox.flushNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(recorder.writes()).toHaveLength(2)
    expect(await outbox.pending(EMAIL)).toEqual([])
    outbox.close()
  })
})

describe('sending', () => {
  it('drops a write the server will never take, logging it', async () => {
    const { outbox, recorder } = outboxWith()
    recorder.failWritesWith(failure('permission-denied'))
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'delete', id: 't1', email: EMAIL })
    await outbox.idle()
    expect(await outbox.pending(EMAIL)).toEqual([])
    expect(consoleError).toHaveBeenCalledExactlyOnceWith(
      'Error deleting document',
      expect.anything(),
    )
    expect(outbox.stats()).toMatchObject({ dropped: 1, sent: 0 })
  })

  it('refreshes the token once and retries at once after unauthenticated', async () => {
    const { outbox, recorder, refreshToken } = outboxWith()
    let calls = 0
    const original = recorder.repository.update.bind(recorder.repository)
    recorder.repository.update = (id, value) => {
      calls++
      return calls === 1 ? Promise.reject(failure('unauthenticated')) : original(id, value)
    }
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'update', task: task('t1'), fields: ['task'] })
    await outbox.idle()
    expect(refreshToken).toHaveBeenCalledTimes(1)
    expect(calls).toBe(2)
    expect(await outbox.pending(EMAIL)).toEqual([])
  })

  it('sends only the active user’s writes, and nothing while signed out', async () => {
    const { outbox, recorder } = outboxWith()
    await outbox.enqueue({ kind: 'add', task: task('a1', 'Ada’s') })
    await outbox.enqueue({ kind: 'add', task: task('g1', 'Grace’s', 'grace@example.com') })
    await outbox.idle()
    expect(recorder.writes()).toEqual([])
    outbox.setActiveUser('grace@example.com')
    await outbox.idle()
    expect(recorder.writes()).toMatchObject([{ kind: 'add', task: { id: 'g1' } }])
    expect(await outbox.pending(EMAIL)).toHaveLength(1)
  })

  it('keeps a write that failed because its user signed out while it was in flight', async () => {
    const { outbox, recorder } = outboxWith()
    recorder.hangWrites()
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await vi.waitFor(() => {
      expect(recorder.writes()).toHaveLength(1)
    })
    outbox.setActiveUser(null)
    recorder.rejectPending(failure('permission-denied'))
    await outbox.idle()
    expect(await outbox.pending(EMAIL)).toMatchObject([{ id: 't1', attempted: true }])
  })

  it('a change made while its document’s write is in flight is sent after it', async () => {
    const { outbox, recorder } = outboxWith()
    recorder.hangWrites()
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'add', task: task('t1', 'First') })
    await vi.waitFor(() => {
      expect(recorder.writes()).toHaveLength(1)
    })
    await outbox.enqueue({ kind: 'update', task: task('t1', 'Second'), fields: ['task'] })
    recorder.settlePending()
    await vi.waitFor(() => {
      expect(recorder.writes()).toHaveLength(2)
    })
    recorder.settlePending()
    await outbox.idle()
    // The add was answered, so the document exists: the newer change went out as an update
    // of what changed (as an add, after a delete elsewhere, it would bring the task back).
    expect(recorder.writes()).toMatchObject([
      { kind: 'add', task: { task: 'First' } },
      { kind: 'update', id: 't1', changes: { task: 'Second' } },
    ])
    expect(await outbox.pending(EMAIL)).toEqual([])
  })

  it('sends a document’s entry as stored now, when a change was recorded after it was read', async () => {
    // Holds the sender between reading the entries and sending one of them.
    const memory = createMemoryStore()
    let release: () => void = () => undefined
    let gate: Promise<void> | null = null
    let gatedReads = 0
    const store: LocalStore = {
      ...memory,
      async entriesOf(email) {
        const entries = await memory.entriesOf(email)
        if (gate) {
          gatedReads++
          await gate
        }
        return entries
      },
    }
    const { outbox, recorder } = outboxWith({ store })
    recorder.hangWrites()
    outbox.setActiveUser(EMAIL)
    await outbox.idle()
    gate = new Promise((resolve) => {
      release = resolve
    })
    await outbox.enqueue({ kind: 'add', task: task('t1', 'First') })
    await vi.waitFor(() => {
      expect(gatedReads).toBe(1)
    })
    await outbox.enqueue({ kind: 'update', task: task('t1', 'Second'), fields: ['task'] })
    gate = null
    release()
    await vi.waitFor(() => {
      expect(recorder.writes()).toMatchObject([{ kind: 'add', task: { task: 'Second' } }])
    })
    // The add is on its way, so a delete now must be sent, not dropped as an untried add.
    await outbox.enqueue({ kind: 'delete', id: 't1', email: EMAIL })
    expect(await outbox.pending(EMAIL)).toMatchObject([{ kind: 'delete', attempted: true }])
    recorder.settlePending()
    await vi.waitFor(() => {
      expect(recorder.writes()).toHaveLength(2)
    })
    recorder.settlePending()
    await outbox.idle()
    expect(recorder.writes()).toMatchObject([{ kind: 'add' }, { kind: 'delete', id: 't1' }])
  })
})

describe('what is never dropped', () => {
  it('a token that is still refused after a refresh is retried with the backoff, not dropped', async () => {
    vi.useFakeTimers()
    const { outbox, recorder, refreshToken } = outboxWith()
    recorder.failWritesWith(failure('unauthenticated'))
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await vi.advanceTimersByTimeAsync(0)
    expect(refreshToken).toHaveBeenCalledTimes(1)
    expect(await outbox.pending(EMAIL)).toHaveLength(1)
    recorder.succeedWrites()
    await vi.advanceTimersByTimeAsync(1000)
    expect(await outbox.pending(EMAIL)).toEqual([])
    expect(outbox.stats().dropped).toBe(0)
    outbox.close()
  })

  it('a token refresh that fails offline (auth/network-request-failed) keeps every write', async () => {
    vi.useFakeTimers()
    const { outbox, recorder } = outboxWith()
    recorder.failWritesWith(failure('auth/network-request-failed'))
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await outbox.enqueue({ kind: 'update', task: task('t1', 'Renamed'), fields: ['task'] })
    await outbox.enqueue({ kind: 'delete', id: 't3', email: EMAIL })
    // An hour of failed retries.
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(await outbox.pending(EMAIL)).toHaveLength(2)
    recorder.succeedWrites()
    outbox.flushNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(await outbox.pending(EMAIL)).toEqual([])
    expect(outbox.stats().dropped).toBe(0)
    outbox.close()
  })

  it('a session that ended (auth/user-token-expired) waits for the owner’s next sign-in', async () => {
    vi.useFakeTimers()
    const { outbox, recorder } = outboxWith()
    recorder.failWritesWith(failure('auth/user-token-expired'))
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await vi.advanceTimersByTimeAsync(600_000)
    expect(recorder.writes()).toHaveLength(1)
    outbox.flushNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(recorder.writes()).toHaveLength(1)
    recorder.succeedWrites()
    outbox.setActiveUser(EMAIL)
    await vi.advanceTimersByTimeAsync(0)
    expect(recorder.writes()).toHaveLength(2)
    expect(await outbox.pending(EMAIL)).toEqual([])
    outbox.close()
  })
})

describe('adds that got through', () => {
  it('an add the server’s list shows is sent as an update from then on, never re-creating it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { outbox, recorder } = outboxWith()
    // The add reached the server, but its answer was lost.
    recorder.failWritesWith(failure('unavailable'))
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await outbox.idle()
    outbox.setActiveUser(null)
    await outbox.enqueue({ kind: 'update', task: task('t1', 'Renamed'), fields: ['task'] })
    await outbox.onServer(EMAIL, new Set(['t1']))
    expect(await outbox.pending(EMAIL)).toMatchObject([
      { kind: 'update', id: 't1', fields: ['task'] },
    ])
    // Another device deleted it meanwhile: the update is refused, and nothing comes back.
    recorder.succeedWrites()
    outbox.setActiveUser(EMAIL)
    await outbox.idle()
    expect(recorder.writes().at(-1)).toEqual({
      kind: 'update',
      id: 't1',
      changes: { task: 'Renamed' },
    })
    expect(recorder.serverTasks(EMAIL)).toEqual([])
    expect(await outbox.pending(EMAIL)).toEqual([])
  })
})

describe('what it tells the page', () => {
  it('the pending count, deliveries, failures for now and refusals', async () => {
    const { outbox, recorder } = outboxWith()
    const events: OutboxEvent[] = []
    outbox.subscribe((event) => events.push(event))
    outbox.setActiveUser(EMAIL)
    recorder.failWritesWith(failure('unavailable'))
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await outbox.idle()
    recorder.failWritesWith(failure('permission-denied'))
    await outbox.enqueue({ kind: 'delete', id: 't2', email: EMAIL })
    await outbox.idle()
    recorder.succeedWrites()
    outbox.flushNow()
    await outbox.idle()
    await vi.waitFor(() => {
      expect(events.at(-1)).toEqual({ type: 'status', email: EMAIL, pending: 0, durable: false })
    })
    expect(events).toContainEqual({ type: 'unreachable' })
    expect(events).toContainEqual({ type: 'delivered' })
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'refused', code: 'permission-denied' }),
    )
    expect(events).toContainEqual({ type: 'status', email: EMAIL, pending: 2, durable: false })
  })

  it('sends an update as the changed fields only', async () => {
    const { outbox, recorder } = outboxWith()
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({
      kind: 'update',
      task: { ...task('t1', 'Stale text'), isFinished: true, order: 5 },
      fields: ['isFinished', 'order'],
    })
    await outbox.idle()
    expect(recorder.writes()).toEqual([
      { kind: 'update', id: 't1', changes: { isFinished: true, order: 5 } },
    ])
  })

  it('counts writes handed over and not yet recorded, and reads settled changes after them', async () => {
    const memory = createMemoryStore()
    let release: () => void = () => undefined
    const slow: LocalStore = {
      ...memory,
      async changeEntry(id, change) {
        await new Promise<void>((resolve) => {
          release = resolve
        })
        return memory.changeEntry(id, change)
      },
    }
    const { outbox } = outboxWith({ store: slow })
    const enqueued = outbox.enqueue({ kind: 'add', task: task('t1') })
    expect(outbox.unrecorded()).toBe(1)
    let settled: unknown[] | null = null
    void outbox.settledChanges(EMAIL).then((entries) => (settled = entries))
    await Promise.resolve()
    expect(settled).toBeNull()
    release()
    await enqueued
    expect(outbox.unrecorded()).toBe(0)
    await vi.waitFor(() => {
      expect(settled).toMatchObject([{ id: 't1', kind: 'add' }])
    })
  })
})

describe('acknowledged writes', () => {
  it('stay in IndexedDB, never sent again, until the kept list is written', async () => {
    const store = await openIndexedDbStore(new IDBFactory())
    const { outbox, recorder } = outboxWith({ store })
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await outbox.enqueue({ kind: 'add', task: task('g1', 'Grace’s', 'grace@example.com') })
    await outbox.idle()
    expect(await outbox.pending(EMAIL)).toEqual([])
    expect(await outbox.changes(EMAIL)).toMatchObject([
      { kind: 'add', id: 't1', acknowledged: true },
    ])
    outbox.flushNow()
    await outbox.idle()
    expect(recorder.writes()).toHaveLength(1)

    await store.putList(EMAIL, [task('t1')])
    expect(await outbox.changes(EMAIL)).toEqual([])
    // Another person's entries are theirs to keep.
    expect(await outbox.changes('grace@example.com')).toMatchObject([{ id: 'g1' }])
  })

  it('are removed at once from storage that does not survive a reload (memory)', async () => {
    const { outbox } = outboxWith()
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await outbox.idle()
    expect(await outbox.changes(EMAIL)).toEqual([])
  })

  it('a change after an acknowledged write goes out as a write of its own', async () => {
    const { outbox, recorder } = outboxWith()
    outbox.setActiveUser(EMAIL)
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await outbox.idle()
    await outbox.enqueue({ kind: 'update', task: task('t1', 'Renamed'), fields: ['task'] })
    await outbox.idle()
    expect(recorder.writes()).toMatchObject([
      { kind: 'add', task: { id: 't1' } },
      { kind: 'update', id: 't1', changes: { task: 'Renamed' } },
    ])
  })
})

describe('device storage', () => {
  it('keeps entries and lists in IndexedDB across a reopen (a reload)', async () => {
    const factory = new IDBFactory()
    const first = await openIndexedDbStore(factory)
    const outbox = createOutbox({
      store: first,
      repository: createRecordingRepository().repository,
      logger: { error: () => undefined, info: () => undefined, warn: () => undefined },
      failureMessages: FAILURE_MESSAGES,
      refreshToken: () => Promise.resolve(),
    })
    await outbox.enqueue({ kind: 'add', task: task('t1') })
    await outbox.enqueue({ kind: 'update', task: task('t1', 'Renamed'), fields: ['task'] })
    await first.putList(EMAIL, [task('t1', 'Renamed')])
    const reopened = await openIndexedDbStore(factory)
    expect(await reopened.entriesOf(EMAIL)).toMatchObject([
      { kind: 'add', id: 't1', task: { task: 'Renamed' }, seq: 2 },
    ])
    expect(await reopened.getList(EMAIL)).toEqual([task('t1', 'Renamed')])
    expect(await reopened.getList('nobody@example.com')).toBeNull()
  })

  it('reads an update stored before updates named their fields as one of all fields', async () => {
    const factory = new IDBFactory()
    const store = await openIndexedDbStore(factory)
    await store.changeEntry('t1', (_current, seq) => {
      const old = {
        kind: 'update',
        task: task('t1'),
        id: 't1',
        email: EMAIL,
        seq,
        attempted: false,
      }
      return old as OutboxEntry
    })
    expect(await store.entriesOf(EMAIL)).toMatchObject([
      { kind: 'update', fields: ['task', 'isFinished', 'order'] },
    ])
  })

  it('falls back to memory with a warning when IndexedDB cannot be opened', async () => {
    const warn = vi.fn()
    const broken = {
      open: () => {
        throw new DOMException('The user denied permission', 'SecurityError')
      },
    } as unknown as IDBFactory
    const store = await openLocalStore(warn, broken)
    await store.putList(EMAIL, [task('t1')])
    expect(await store.getList(EMAIL)).toEqual([task('t1')])
    expect(warn).toHaveBeenCalledWith(
      'IndexedDB could not be opened: pending changes are kept in memory only',
      expect.any(DOMException),
    )
    expect(await openLocalStore(warn, undefined)).toBeDefined()
  })
})

describe('several tabs', () => {
  it('share one outbox; with the send lock, each write is sent once', async () => {
    const factory = new IDBFactory()
    const shared = [await openIndexedDbStore(factory), await openIndexedDbStore(factory)]
    const recorder = createRecordingRepository()
    let lock = Promise.resolve()
    const withSendLock = <T>(work: () => Promise<T>): Promise<T> => {
      const run = lock.then(work)
      lock = run.then(
        () => undefined,
        () => undefined,
      )
      return run
    }
    const tabs = shared.map((store) =>
      createOutbox({
        store,
        repository: recorder.repository,
        logger: { error: () => undefined, info: () => undefined, warn: () => undefined },
        failureMessages: FAILURE_MESSAGES,
        refreshToken: () => Promise.resolve(),
        withSendLock,
      }),
    )
    for (const [index, tab] of tabs.entries()) {
      for (let i = 0; i < 10; i++) {
        await tab.enqueue({ kind: 'add', task: task(`tab${String(index)}-${String(i)}`) })
      }
    }
    for (const tab of tabs) tab.setActiveUser(EMAIL)
    await Promise.all(tabs.map((tab) => tab.idle()))
    await Promise.all(tabs.map((tab) => tab.idle()))
    const sentIds = recorder.writes().map((write) => (write.kind === 'add' ? write.task.id : ''))
    expect(sentIds).toHaveLength(20)
    expect(new Set(sentIds).size).toBe(20)
  })
})
