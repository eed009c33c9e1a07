import type { OutboxDependencies, OutboxEntry, OutboxEvent, OutboxStats } from '../types'
import { backoffDelay } from '../../lib/backoff'
import { classifyFailure, errorCode } from './failures'
import { entrySteps, keyOf } from './entries'

interface SenderDependencies extends OutboxDependencies {
  stats: OutboxStats
  emit: (event: OutboxEvent) => void
  /** Tells the page how many writes are still pending (after each write sent). */
  report: () => void
}

/**
 * The outbox's sender: sends the active user's entries one document at a time, oldest change
 * first, and retries what failed for now with backoff. Only one tab sends at a time.
 */
export function createSender(deps: SenderDependencies) {
  const { logger, store, failureMessages, stats, emit, report } = deps
  const { send, acknowledge, settle, markAttempted } = entrySteps(store, deps.repository)
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
      report()
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
    kick,
    activeEmail: () => activeEmail,
    /** Whether failed writes are waiting for a retry. */
    retrying: () => retryTimer !== null,
    setActiveUser(email: string | null) {
      activeEmail = email
      attempt = 0
      paused = false
      if (email !== null) {
        report()
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
    close() {
      closed = true
      if (retryTimer !== null) clearTimer(retryTimer)
    },
  }
}
