import type { Logger, Task, TaskField, TaskRepository } from '../types'
import { coalesce, fieldsOf, idOf, type OutboxEntry, type OutboxWrite } from './coalesce'
import { backoffDelay } from '../../lib/backoff'
import { classifyFailure, errorCode } from './failures'
import type { LocalStore } from './storage'

export interface OutboxDependencies {
  store: LocalStore
  repository: TaskRepository
  logger: Logger
  /** The console message for a failed write of each kind (the spec's words). */
  failureMessages: Record<OutboxWrite['kind'], string>
  /** Forces a fresh ID token for the signed-in user. */
  refreshToken: () => Promise<void>
  /** Runs `task` while holding the cross-tab send lock (Web Locks), or at once without it. */
  withSendLock?: <T>(task: () => Promise<T>) => Promise<T>
  setTimeout?: (callback: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
  random?: () => number
}

export interface OutboxStats {
  sent: number
  failedAttempts: number
  retries: number
  coalesced: number
  dropped: number
}

/** What the outbox tells the page, for the sync status. */
export type OutboxEvent =
  /** The active user's count of unacknowledged writes, and whether changes survive a reload. */
  | { type: 'status'; email: string; pending: number; durable: boolean }
  /** The server took a write. */
  | { type: 'delivered' }
  /** A write failed for now (the server or the network could not be reached). */
  | { type: 'unreachable' }
  /** The server refused a write for good: it was dropped. */
  | { type: 'refused'; write: OutboxEntry; code: string }

/**
 * The durable outbox: every write is recorded (coalesced per document) before it is sent, and
 * removed once the server acknowledges it. Sending happens for the active user only, one entry
 * after another, with retries for everything but the server's final refusals.
 */
export interface Outbox {
  /** Records a write for its owner and starts sending if that owner is the active user. */
  enqueue(write: OutboxWrite): Promise<void>
  /** The owner's writes not yet acknowledged by the server, oldest change first. */
  pending(email: string): Promise<OutboxEntry[]>
  /**
   * The owner's pending writes and the acknowledged ones the kept list may not show yet
   * (marked `acknowledged`), oldest change first: what to apply over the kept list.
   */
  changes(email: string): Promise<OutboxEntry[]>
  /**
   * The same, read while no write is being recorded and when none began during the read: a
   * list built from them and dispatched at once misses no change the person made meanwhile.
   */
  settledChanges(email: string): Promise<OutboxEntry[]>
  /**
   * The server's list holds these documents: adds of them tried before did get through, so
   * what is left of them is sent as updates.
   */
  onServer(email: string, ids: ReadonlySet<string>): Promise<void>
  /** From now on sends the entries of `email` (the signed-in user), or nothing for null. */
  setActiveUser(email: string | null): void
  /** Sends now, skipping any backoff wait (the browser is back online, the tab is visible). */
  flushNow(): void
  /** Resolves once nothing is being sent or waiting to be sent right now. */
  idle(): Promise<void>
  /** How many writes were handed over and are not yet recorded on the device. */
  unrecorded(): number
  /** Calls `listener` with every event; returns an unsubscribe. */
  subscribe(listener: (event: OutboxEvent) => void): () => void
  stats(): OutboxStats
  /** Stops timers; for tests and page teardown. */
  close(): void
}

/** What an entry writes: adds the whole task, updates only the fields changed here. */
const changesOf = (entry: OutboxEntry & { kind: 'update' }): Partial<Pick<Task, TaskField>> =>
  Object.fromEntries(fieldsOf(entry).map((field) => [field, entry.task[field]]))

/**
 * An entry once its document is known to be on the server: an add becomes an update of the
 * fields changed since it was sent (sent again as an add, after another device deleted the
 * task, it would bring the task back). Other entries stay as they are.
 */
function landed(entry: OutboxEntry): OutboxEntry | null {
  if (entry.kind !== 'add' || entry.acknowledged) return entry
  const fields = entry.fields ?? []
  if (fields.length === 0) return null
  const { id, email, seq, attempted, task } = entry
  return { kind: 'update', task, fields, id, email, seq, attempted }
}

const keyOf = (entry: OutboxEntry) => `${entry.id}@${String(entry.seq)}`

export function createOutbox(deps: OutboxDependencies): Outbox {
  const { repository, logger, store, failureMessages } = deps
  const withSendLock = deps.withSendLock ?? ((task) => task())
  const setTimer = deps.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms))
  const clearTimer =
    deps.clearTimeout ??
    ((handle) => {
      globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>)
    })
  const random = deps.random ?? Math.random

  let activeEmail: string | null = null
  // The session ended (the SDK signed the user out): nothing is sent until a sign-in.
  let paused = false
  let attempt = 0
  let retryTimer: unknown = null
  let running: Promise<void> | null = null
  let again = false
  let closed = false
  let recording = 0
  let recordings = 0
  const recorded: (() => void)[] = []
  const listeners = new Set<(event: OutboxEvent) => void>()
  const stats: OutboxStats = { sent: 0, failedAttempts: 0, retries: 0, coalesced: 0, dropped: 0 }

  const emit = (event: OutboxEvent) => {
    for (const listener of listeners) listener(event)
  }

  const report = async () => {
    const email = activeEmail
    if (email === null || listeners.size === 0) return
    try {
      const entries = await store.entriesOf(email)
      const pending = entries.filter((entry) => !entry.acknowledged).length
      emit({ type: 'status', email, pending, durable: store.durable })
    } catch {
      // Only the status line misses one update.
    }
  }

  /** `triedBefore`: an earlier attempt may have reached the server (only its answer was lost). */
  const send = (entry: OutboxEntry, triedBefore: boolean): Promise<void> => {
    switch (entry.kind) {
      case 'add':
        return triedBefore
          ? repository.addAgain(entry.task, entry.fields ?? [])
          : repository.add(entry.task)
      case 'update':
        return repository.update(entry.id, changesOf(entry))
      case 'delete':
        return repository.delete(entry.id)
    }
  }

  /**
   * The server took `sent`: if the entry was not changed since, it stays, marked acknowledged,
   * until the kept list is written (LocalStore.putList), so a reload in between still shows it.
   * Storage that does not survive a reload keeps no such marker.
   */
  const acknowledge = (sent: OutboxEntry) =>
    store.changeEntry(sent.id, (current) => {
      if (current?.seq === sent.seq)
        return store.durable ? { ...current, acknowledged: true } : null
      // Changed since: if an add went through, what is left to send is an update.
      return current && sent.kind === 'add' ? landed(current) : (current ?? null)
    })

  /** Removes the entry if it is still the one that was sent (not changed since). */
  const settle = (sent: OutboxEntry) =>
    store.changeEntry(sent.id, (current) => (current && current.seq !== sent.seq ? current : null))

  /**
   * Marks the document's entry as tried and returns it: the entry as it is now, which a write
   * recorded since `entry` was read may have changed (or removed: then nothing is sent). Sending
   * the older `entry` while the stored one says "never tried" would let a delete coalesce to
   * nothing while that add is on its way.
   */
  const markAttempted = async (entry: OutboxEntry) => {
    let marked: OutboxEntry | undefined
    let triedBefore = false
    await store.changeEntry(entry.id, (current) => {
      triedBefore = current?.attempted ?? false
      marked = current && { ...current, attempted: true }
      return marked ?? null
    })
    return { sent: marked, triedBefore }
  }

  /**
   * Sends the entry of one document. Returns null when it is settled (sent, refused for good,
   * or gone), or the key of the write that failed for now.
   */
  const sendOne = async (email: string, entry: OutboxEntry): Promise<string | null> => {
    const { sent, triedBefore } = await markAttempted(entry)
    if (sent === undefined || sent.acknowledged) return null
    for (let refreshed = false; ; refreshed = true) {
      try {
        await send(sent, triedBefore)
        stats.sent++
        await acknowledge(sent)
        emit({ type: 'delivered' })
        return null
      } catch (err) {
        stats.failedAttempts++
        logger.error(failureMessages[sent.kind], err)
        // Signed out (or switched user) while this was in flight: the failure says nothing
        // about the write, which waits for its owner's next sign-in.
        if (activeEmail !== email) return keyOf(sent)
        const kind = classifyFailure(err)
        if (kind === 'unauthenticated' && !refreshed) {
          // An expired or revoked token: one fresh token and one immediate retry.
          stats.retries++
          try {
            await deps.refreshToken()
          } catch (refreshErr) {
            logger.warn('Could not refresh the sign-in token', refreshErr)
          }
          continue
        }
        if (kind === 'signedOut') paused = true
        if (kind !== 'permanent') {
          if (kind === 'transient' || kind === 'unauthenticated') emit({ type: 'unreachable' })
          return keyOf(sent)
        }
        stats.dropped++
        await settle(sent)
        emit({ type: 'refused', write: sent, code: errorCode(err) })
        return null
      }
    }
  }

  /**
   * Sends every entry of the active user once, oldest change first (one entry per document,
   * so each document's writes stay in order), including entries recorded meanwhile. Returns
   * the delay before retrying the ones that failed for now, or null when none did.
   */
  const sendRound = async (email: string, onlyUntried: boolean): Promise<number | null> => {
    const failed = new Set<string>()
    for (;;) {
      if (closed || paused || activeEmail !== email) return null
      const entries = await store.entriesOf(email)
      const next = entries.find(
        (entry) =>
          !entry.acknowledged && !failed.has(keyOf(entry)) && !(onlyUntried && entry.attempted),
      )
      if (next === undefined) break
      const failedKey = await sendOne(email, next)
      if (failedKey !== null) failed.add(failedKey)
      void report()
    }
    if (failed.size === 0) {
      attempt = 0
      return null
    }
    attempt++
    stats.retries++
    return backoffDelay(attempt, random)
  }

  const schedule = (delay: number) => {
    if (closed || retryTimer !== null) return
    retryTimer = setTimer(() => {
      retryTimer = null
      kick()
    }, delay)
  }

  /**
   * Starts a send round. While a retry is scheduled, a new write still gets its first try at
   * once (`onlyUntried`), but what already failed waits for the retry.
   */
  const kick = (onlyUntried = false) => {
    if (closed || paused || activeEmail === null) return
    if (running) {
      again = true
      return
    }
    const email = activeEmail
    running = withSendLock(() => sendRound(email, onlyUntried))
      .then((delay) => {
        if (delay !== null) schedule(delay)
      })
      .catch((err: unknown) => {
        // Only storage or lock failures get here; try again later rather than stall.
        logger.warn('The outbox could not send', err)
        schedule(backoffDelay(++attempt, random))
      })
      .finally(() => {
        running = null
        if (again) {
          again = false
          kick(retryTimer !== null)
        }
      })
  }

  return {
    async enqueue(write) {
      recording++
      recordings++
      try {
        await store.changeEntry(idOf(write), (current, seq) => {
          if (current) stats.coalesced++
          return coalesce(current, write, seq)
        })
      } finally {
        if (--recording === 0) {
          for (const resolve of recorded.splice(0)) resolve()
        }
      }
      void report()
      kick(retryTimer !== null)
    },
    pending: async (email) => (await store.entriesOf(email)).filter((entry) => !entry.acknowledged),
    changes: (email) => store.entriesOf(email),
    async settledChanges(email) {
      for (;;) {
        if (recording > 0) await new Promise<void>((resolve) => recorded.push(resolve))
        const began = recordings
        const entries = await store.entriesOf(email)
        if (recording === 0 && recordings === began) return entries
      }
    },
    async onServer(email, ids) {
      const entries = await store.entriesOf(email)
      for (const entry of entries) {
        if (entry.kind !== 'add' || !entry.attempted || !ids.has(entry.id)) continue
        await store.changeEntry(entry.id, (current) =>
          current?.kind === 'add' && current.attempted ? landed(current) : (current ?? null),
        )
      }
    },
    setActiveUser(email) {
      activeEmail = email
      attempt = 0
      paused = false
      if (email !== null) {
        void report()
        kick()
      }
    },
    flushNow() {
      if (retryTimer !== null) {
        clearTimer(retryTimer)
        retryTimer = null
      }
      kick()
    },
    async idle() {
      while (running) await running
    },
    unrecorded: () => recording,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stats: () => ({ ...stats }),
    close() {
      closed = true
      if (retryTimer !== null) clearTimer(retryTimer)
    },
  }
}

/** Cross-tab mutual exclusion for sending, where the browser has Web Locks. */
export function webLocksSendLock(name: string) {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (locks === undefined) return undefined
  return <T>(task: () => Promise<T>): Promise<T> => locks.request(name, task)
}

export type { OutboxEntry, OutboxWrite }
