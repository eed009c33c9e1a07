import type { Task } from '../types'
import type { OutboxEntry } from './coalesce'
import { createMemoryStore, type LocalStore } from './storage'

interface Options {
  /** Told when storage fails (false) and when it works again (true). */
  onDurabilityChange?: (durable: boolean) => void
  warn?: (message: string, err?: unknown) => void
  /** How often, at most, to try device storage again while running on memory. */
  retryEveryMs?: number
  now?: () => number
}

/**
 * Device storage that keeps working when it fails mid-session (quota, an evicted database):
 * it keeps a copy of every entry and list it has read or written, so on a failure it goes on
 * in memory from what it holds (entries and sequence) instead of from nothing. While on memory
 * it tries the device storage again now and then; once that works it writes back what changed
 * meanwhile (entries removed meanwhile, i.e. acknowledged, are removed there too, so they are
 * never sent again) and goes on there.
 */
export function createResilientStore(
  primary: LocalStore,
  { onDurabilityChange, warn, retryEveryMs = 5000, now = Date.now }: Options = {},
): LocalStore {
  const known = new Map<string, OutboxEntry>()
  const lists = new Map<string, Task[]>()
  let lastSeq = 0
  let memory: LocalStore | null = null
  // While on memory: the entries changed (a removal is null), to write back, and the seq the
  // device storage last had for each, so an entry another tab changed there is left alone.
  let changed = new Map<string, { entry: OutboxEntry | null; storedSeq: number | undefined }>()
  let lastTry = 0
  let restoring: Promise<void> | null = null

  const remember = (entry: OutboxEntry) => {
    known.set(entry.id, entry)
    lastSeq = Math.max(lastSeq, entry.seq)
  }

  const fail = (err: unknown) => {
    if (memory) return
    warn?.('Device storage failed: pending changes are kept in memory until it works again', err)
    memory = createMemoryStore(lastSeq)
    const store = memory
    for (const entry of known.values()) void store.changeEntry(entry.id, () => entry)
    for (const [email, tasks] of lists) void store.putList(email, tasks)
    changed = new Map()
    lastTry = now()
    onDurabilityChange?.(false)
  }

  /** Writes back what changed while on memory, then uses device storage again. */
  const restore = async (store: LocalStore) => {
    const pending = [...changed].sort(([, a], [, b]) => (a.entry?.seq ?? 0) - (b.entry?.seq ?? 0))
    for (const [id, { entry, storedSeq }] of pending) {
      await primary.changeEntry(id, (current, seq) => {
        if (current !== undefined && current.seq !== storedSeq) return current
        return entry && { ...entry, seq }
      })
    }
    for (const [email, tasks] of lists) await primary.putList(email, tasks)
    if (memory !== store) return
    memory = null
    changed = new Map()
    known.clear()
    onDurabilityChange?.(true)
  }

  const tryRestore = () => {
    const store = memory
    if (!store || restoring || now() - lastTry < retryEveryMs) return
    lastTry = now()
    restoring = restore(store)
      .catch(() => undefined)
      .finally(() => {
        restoring = null
      })
  }

  const onMemory = (): LocalStore | null => memory

  /** Runs an operation on device storage, or on memory once that has failed. */
  async function run<T>(
    onPrimary: () => Promise<T>,
    onFallback: (store: LocalStore) => Promise<T>,
  ): Promise<T> {
    if (memory) tryRestore()
    if (restoring) await restoring
    const fallback = onMemory()
    if (fallback) return onFallback(fallback)
    try {
      return await onPrimary()
    } catch (err) {
      fail(err)
      return onFallback(onMemory() ?? createMemoryStore(lastSeq))
    }
  }

  return {
    /** Whether what is recorded now survives a reload (false while running on memory). */
    get durable() {
      return memory === null && primary.durable
    },
    changeEntry: (id, change) =>
      run(
        async () => {
          let next: OutboxEntry | null = null
          await primary.changeEntry(id, (current, seq) => {
            next = change(current, seq)
            lastSeq = Math.max(lastSeq, seq)
            return next
          })
          const written = next as OutboxEntry | null
          if (written) remember(written)
          else known.delete(id)
        },
        (store) => {
          const storedSeq = changed.has(id) ? changed.get(id)?.storedSeq : known.get(id)?.seq
          // Noted as the change is made (memory makes it at once), so a write-back that starts
          // meanwhile takes it along.
          return store.changeEntry(id, (current, seq) => {
            const next = change(current, seq)
            changed.set(id, { entry: next, storedSeq })
            return next
          })
        },
      ),
    entriesOf: (email) =>
      run(
        async () => {
          const entries = await primary.entriesOf(email)
          for (const [id, entry] of known) if (entry.email === email) known.delete(id)
          for (const entry of entries) remember(entry)
          return entries
        },
        (store) => store.entriesOf(email),
      ),
    getList: (email) =>
      run(
        () => primary.getList(email),
        (store) => store.getList(email),
      ),
    putList: (email, tasks) =>
      run(
        async () => {
          await primary.putList(email, tasks)
          lists.set(email, tasks)
          for (const [id, entry] of known) {
            if (entry.email === email && entry.acknowledged) known.delete(id)
          }
        },
        async (store) => {
          lists.set(email, tasks)
          await store.putList(email, tasks)
        },
      ),
    removeList: (email) =>
      run(
        async () => {
          await primary.removeList(email)
          lists.delete(email)
        },
        async (store) => {
          lists.delete(email)
          await store.removeList(email)
        },
      ),
  }
}
