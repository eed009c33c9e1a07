import type { Logger, Task, TaskRepository } from '../types'
import { coalesce, type OutboxEntry, type OutboxWrite } from './coalesce'
import { createMemoryStore, type LocalStore } from './storage'

/** Firestore's own backoff: from 1 s, doubling, up to 60 s (spec section 9), with jitter. */
export const BACKOFF_INITIAL_MS = 1000
export const BACKOFF_MAX_MS = 60_000

const TRANSIENT = new Set([
  'unavailable',
  'deadline-exceeded',
  'resource-exhausted',
  'aborted',
  'internal',
  // Firestore Lite reports a failed fetch (no network, connection dropped) as unknown.
  'unknown',
  'cancelled',
])

export type FailureKind = 'transient' | 'unauthenticated' | 'permanent'

/** What to do after a failed write, from the error's `code` (never its class: see README). */
export function classifyFailure(err: unknown): FailureKind {
  const code =
    typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
      ? err.code
      : 'unknown'
  if (code === 'unauthenticated') return 'unauthenticated'
  return TRANSIENT.has(code) ? 'transient' : 'permanent'
}

/** The delay before retry number `attempt` (1-based): full jitter over the capped doubling. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** Math.max(0, attempt - 1))
  // Half fixed, half random: never hammers, and tabs or clients that failed together spread out.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

/** The spec's console message for each kind of failed write. */
export const FAILURE_MESSAGES = {
  add: 'Error adding document',
  update: 'Error updating document',
  delete: 'Error deleting document',
} as const

export interface OutboxDependencies {
  store: LocalStore
  repository: TaskRepository
  logger: Logger
  /** Forces a fresh ID token for the signed-in user. */
  refreshToken: () => Promise<void>
  /** Runs `task` while holding the cross-tab send lock (Web Locks), or at once without it. */
  withSendLock?: <T>(task: () => Promise<T>) => Promise<T>
  setTimeout?: (callback: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
  random?: () => number
  /** Called after every send round, for tests and figures. */
  onStats?: (stats: OutboxStats) => void
}

export interface OutboxStats {
  sent: number
  failedAttempts: number
  retries: number
  coalesced: number
  dropped: number
}

/**
 * The durable outbox: every write is recorded (coalesced per document) before it is sent, and
 * removed once the server acknowledges it. Sending happens for the active user only, one entry
 * after another, with retries for transient failures.
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
  /** From now on sends the entries of `email` (the signed-in user), or nothing for null. */
  setActiveUser(email: string | null): void
  /** Sends now, skipping any backoff wait (the browser is back online, the tab is visible). */
  flushNow(): void
  /** Resolves once nothing is being sent or waiting to be sent right now. */
  idle(): Promise<void>
  stats(): OutboxStats
  /** Stops timers; for tests and page teardown. */
  close(): void
}

export function createOutbox(deps: OutboxDependencies): Outbox {
  const { repository, logger } = deps
  let store = deps.store
  const withSendLock = deps.withSendLock ?? ((task) => task())
  const setTimer = deps.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms))
  const clearTimer =
    deps.clearTimeout ??
    ((handle) => {
      globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>)
    })
  const random = deps.random ?? Math.random

  let activeEmail: string | null = null
  let attempt = 0
  let retryTimer: unknown = null
  let running: Promise<void> | null = null
  let again = false
  let closed = false
  const stats: OutboxStats = { sent: 0, failedAttempts: 0, retries: 0, coalesced: 0, dropped: 0 }

  // False once storage failed: the kept list is then written elsewhere than the outbox, so no
  // write of it can take acknowledged entries out.
  let durable = true
  const storageFailed = (err: unknown) => {
    logger.warn('Local storage failed: pending changes are kept in memory from now on', err)
    store = createMemoryStore()
    durable = false
  }

  const safely = async <T>(operation: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    try {
      return await operation()
    } catch (err) {
      storageFailed(err)
      return fallback()
    }
  }

  const changeEntry = (
    id: string,
    change: (current: OutboxEntry | undefined, seq: number) => OutboxEntry | null,
  ) =>
    safely(
      () => store.changeEntry(id, change),
      () => store.changeEntry(id, change),
    )

  const entriesOf = (email: string) =>
    safely(
      () => store.entriesOf(email),
      () => store.entriesOf(email),
    )

  const send = (entry: OutboxEntry): Promise<void> => {
    switch (entry.kind) {
      case 'add':
        return repository.add(entry.task)
      case 'update':
        return repository.update(entry.id, entry.task)
      case 'delete':
        return repository.delete(entry.id)
    }
  }

  /**
   * The server took `sent`: if the entry was not changed since, it stays, marked acknowledged,
   * until the kept list is written (LocalStore.putList), so a reload in between still shows it.
   */
  const acknowledge = (sent: OutboxEntry) =>
    changeEntry(sent.id, (current) => {
      if (current?.seq !== sent.seq) return current ?? null
      return durable ? { ...current, acknowledged: true } : null
    })

  /** Removes the entry if it is still the one that was sent (not changed since). */
  const settle = (sent: OutboxEntry) =>
    changeEntry(sent.id, (current) => (current && current.seq !== sent.seq ? current : null))

  /**
   * Marks the document's entry as tried and returns it: the entry as it is now, which a write
   * recorded since `entry` was read may have changed (or removed: then nothing is sent). Sending
   * the older `entry` while the stored one says "never tried" would let a delete coalesce to
   * nothing while that add is on its way.
   */
  const markAttempted = async (entry: OutboxEntry): Promise<OutboxEntry | undefined> => {
    let marked: OutboxEntry | undefined
    await changeEntry(entry.id, (current) => {
      marked = current && { ...current, attempted: true }
      return marked ?? null
    })
    return marked
  }

  const keyOf = (entry: OutboxEntry) => `${entry.id}@${String(entry.seq)}`

  /**
   * Sends the entry of one document. Returns null when it is settled (sent, dropped as
   * hopeless, or gone), or the key of the write that failed for now.
   */
  const sendOne = async (email: string, entry: OutboxEntry): Promise<string | null> => {
    const sent = await markAttempted(entry)
    if (sent === undefined || sent.acknowledged) return null
    for (let refreshed = false; ; refreshed = true) {
      try {
        await send(sent)
        stats.sent++
        await acknowledge(sent)
        return null
      } catch (err) {
        stats.failedAttempts++
        logger.error(FAILURE_MESSAGES[sent.kind], err)
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
        if (kind !== 'permanent') return keyOf(sent)
        // The server will never take this write (permission, validation, missing document).
        stats.dropped++
        await settle(sent)
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
      if (closed || activeEmail !== email) return null
      const entries = await entriesOf(email)
      const next = entries.find(
        (entry) =>
          !entry.acknowledged && !failed.has(keyOf(entry)) && !(onlyUntried && entry.attempted),
      )
      if (next === undefined) break
      const failedKey = await sendOne(email, next)
      if (failedKey !== null) failed.add(failedKey)
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
    if (closed || activeEmail === null) return
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
        deps.onStats?.({ ...stats })
        if (again) {
          again = false
          kick(retryTimer !== null)
        }
      })
  }

  return {
    async enqueue(write) {
      await changeEntry(write.kind === 'delete' ? write.id : write.task.id, (current, seq) => {
        if (current) stats.coalesced++
        return coalesce(current, write, seq)
      })
      kick(retryTimer !== null)
    },
    pending: async (email) => (await entriesOf(email)).filter((entry) => !entry.acknowledged),
    changes: (email) => entriesOf(email),
    setActiveUser(email) {
      activeEmail = email
      attempt = 0
      if (email !== null) kick()
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

export type { OutboxEntry, OutboxWrite, Task }
