import type { Outbox, OutboxDependencies, OutboxEvent, OutboxStats } from '../types'
import { coalesce, idOf } from './coalesce'
import { landed } from './entries'
import { createSender } from './sender'

/**
 * The durable outbox: every change is stored on the device (one entry per document, coalesced)
 * before it is sent, and stays until the server has it. Sending is sender.ts's.
 */
export function createOutbox(deps: OutboxDependencies): Outbox {
  const { store } = deps
  let recording = 0
  let recordings = 0
  const recorded: (() => void)[] = []
  const listeners = new Set<(event: OutboxEvent) => void>()
  const stats: OutboxStats = { sent: 0, failedAttempts: 0, retries: 0, coalesced: 0, dropped: 0 }

  const emit = (event: OutboxEvent) => {
    for (const listener of listeners) listener(event)
  }

  const report = async () => {
    const email = sender.activeEmail()
    if (email === null || listeners.size === 0) return
    try {
      const entries = await store.entriesOf(email)
      const pending = entries.filter((entry) => !entry.acknowledged).length
      emit({ type: 'status', email, pending, durable: store.durable })
    } catch {
      // Only the status line misses one update.
    }
  }

  const sender = createSender({
    ...deps,
    stats,
    emit,
    report: () => {
      void report()
    },
  })

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
      sender.kick(sender.retrying())
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
    setActiveUser: (email) => {
      sender.setActiveUser(email)
    },
    flushNow: () => {
      sender.flushNow()
    },
    idle: () => sender.idle(),
    unrecorded: () => recording,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stats: () => ({ ...stats }),
    close: () => {
      sender.close()
    },
  }
}
