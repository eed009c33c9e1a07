import type {
  Persistence,
  Task,
  TaskChanges,
  TaskRepository,
  TasksSnapshot,
  TaskUpdate,
} from '../../src/services/types'
import { compareTasks } from '../../src/features/tasks/model/ordering'
import { createFakeDisk } from './fakeDisk'

export type RecordedWrite =
  | { kind: 'add'; task: Task }
  | { kind: 'update'; id: string; changes: TaskChanges }
  | { kind: 'delete'; id: string }
  | { kind: 'addMany'; tasks: Task[] }
  | { kind: 'deleteMany'; ids: string[] }
  /** The account of the signed-in user marked deleted, or the mark taken back. */
  | { kind: 'mark' }
  | { kind: 'unmark' }

interface Watcher {
  email: string
  onSnapshot: (snapshot: TasksSnapshot) => void
  onError: (err: unknown) => void
}

/** An error as the Firestore SDK rejects with: its `code` says why. */
export const firestoreError = (code: string) =>
  Object.assign(new Error(`Firestore: ${code}`), { code })

/**
 * A TaskRepository over an in-memory server the test controls, answering as the Firestore SDK
 * does: a write shows at once in the live query as this page's own (`pendingHere`), then is
 * acknowledged, refused (and rolled back to the server's version) or held until the test
 * settles it. Live-query reports come a macrotask later, as the SDK's do. Pending writes are
 * counted per user, as the SDK queues them: `signedIn` says whose `allSaved` asks about.
 */
export function createFakeTaskRepository(
  stored: Task[] = [],
  signedIn: () => string | null = () => null,
) {
  const server = new Map(stored.map((task) => [task.id, { ...task }]))
  // What the page's cache shows: the server with this page's unacknowledged writes applied.
  const local = new Map(server)
  const pendingHere = new Map<string, number>()
  const watchers = new Set<Watcher>()
  const writes: RecordedWrite[] = []
  const held: { acknowledge: () => void; refuse: (code: string) => void }[] = []
  const whenAllSaved: { email: string | null; saved: () => void }[] = []
  let answer: { kind: 'acknowledge' } | { kind: 'refuse'; code: string } | { kind: 'hold' } = {
    kind: 'acknowledge',
  }
  let persistence: Persistence = 'device'
  const disk = createFakeDisk()
  const unsent = new Map<string | undefined, number>()
  const unsentOf = (email: string | null | undefined) => unsent.get(email ?? undefined) ?? 0
  // The accounts the server holds marked deleted (by e-mail here; by uid on Firestore), and
  // who follows them: as the rules, the server then refuses their adds and updates.
  const marks = new Set<string>()
  const markWatchers = new Set<{ email: string; onChange: (marked: boolean) => void }>()
  let markedHere: string | null = null
  let followed: string | null = null
  const reportMark = (email: string) => {
    setTimeout(() => {
      for (const watcher of [...markWatchers]) {
        if (watcher.email === email) watcher.onChange(marks.has(email) && markedHere !== email)
      }
    }, 0)
  }

  const updateOf = (id: string): TaskUpdate => {
    const task = local.get(id)
    const here = (pendingHere.get(id) ?? 0) > 0
    return task
      ? { kind: 'changed', task, pendingHere: here }
      : { kind: 'removed', id, pendingHere: here }
  }

  const report = (email: string | undefined, updates: TaskUpdate[], only?: Watcher) => {
    const snapshot = {
      updates,
      fromCache: !fake.serverReachable,
      hasPendingWrites: unsentOf(email) > 0,
    }
    setTimeout(() => {
      for (const watcher of only ? [only] : watchers) {
        if (watchers.has(watcher) && watcher.email === email) watcher.onSnapshot(snapshot)
      }
    }, 0)
  }

  /**
   * A write (`record`, as asked for) of the documents of `changes`, each becoming its `after`
   * (undefined: deleted): one task's, or a batch's, answered and reported as one.
   */
  function write(
    record: RecordedWrite,
    changes: { id: string; after: Task | undefined }[],
  ): Promise<void> {
    writes.push(structuredClone(record))
    disk.written()
    const first = changes[0]
    const email =
      first && (first.after?.email ?? local.get(first.id)?.email ?? server.get(first.id)?.email)
    const ids = changes.map(({ id }) => id)
    for (const { id, after } of changes) {
      pendingHere.set(id, (pendingHere.get(id) ?? 0) + 1)
      if (after) local.set(id, after)
      else local.delete(id)
    }
    unsent.set(email, unsentOf(email) + 1)
    report(email, ids.map(updateOf))
    return new Promise<void>((resolve, reject) => {
      const settled = () => {
        for (const id of ids) pendingHere.set(id, (pendingHere.get(id) ?? 1) - 1)
        unsent.set(email, unsentOf(email) - 1)
        for (const waiter of [...whenAllSaved]) {
          if (unsentOf(waiter.email) > 0) continue
          whenAllSaved.splice(whenAllSaved.indexOf(waiter), 1)
          waiter.saved()
        }
      }
      const acknowledge = () => {
        for (const id of ids) {
          const latest = local.get(id)
          if (latest) server.set(id, latest)
          else server.delete(id)
        }
        settled()
        resolve()
        report(email, ids.map(updateOf))
      }
      const refuse = (code: string) => {
        settled()
        // The SDK rejects the write before it reports the rollback of its cache.
        reject(firestoreError(code))
        for (const id of ids) {
          const kept = server.get(id)
          if (kept) local.set(id, kept)
          else local.delete(id)
        }
        report(email, ids.map(updateOf))
      }
      // firestore.rules: a marked account's tasks are written no more (deletes go on).
      const answered = () => {
        const storing = record.kind !== 'delete' && record.kind !== 'deleteMany'
        if (storing && email !== undefined && marks.has(email)) refuse('permission-denied')
        else acknowledge()
      }
      if (answer.kind === 'acknowledge') answered()
      else if (answer.kind === 'refuse') refuse(answer.code)
      else held.push({ acknowledge: answered, refuse })
    })
  }

  /** The signed-in user's mark set or taken back, as a write answered like any other. */
  function writeMark(kind: 'mark' | 'unmark'): Promise<void> {
    const email = signedIn() ?? ''
    writes.push({ kind })
    if (kind === 'mark') markedHere = email
    return new Promise<void>((resolve, reject) => {
      const acknowledge = () => {
        if (kind === 'mark') marks.add(email)
        else {
          marks.delete(email)
          if (markedHere === email) markedHere = null
        }
        resolve()
        reportMark(email)
      }
      const refuse = (code: string) => {
        reject(firestoreError(code))
      }
      if (answer.kind === 'acknowledge') acknowledge()
      else if (answer.kind === 'refuse') refuse(answer.code)
      else held.push({ acknowledge, refuse })
    })
  }

  const repository: TaskRepository = {
    watch(email, onSnapshot, onError) {
      const watcher = { email, onSnapshot, onError }
      watchers.add(watcher)
      const own = [...local.keys()].filter((id) => local.get(id)?.email === email)
      // An answer lost on the way never comes (the test decides).
      if (!fake.losesFirstAnswers) report(email, own.map(updateOf), watcher)
      return () => watchers.delete(watcher)
    },
    reconnect: () => {
      fake.reconnects++
      return Promise.resolve()
    },
    add: (task) => write({ kind: 'add', task }, [{ id: task.id, after: { ...task } }]),
    update(id, changes) {
      const before = local.get(id)
      // Under firestore.rules an update of a missing task fails the update rule first.
      if (before === undefined) {
        writes.push({ kind: 'update', id, changes: structuredClone(changes) })
        return Promise.reject(firestoreError('permission-denied'))
      }
      return write({ kind: 'update', id, changes }, [{ id, after: { ...before, ...changes } }])
    },
    delete: (id) => write({ kind: 'delete', id }, [{ id, after: undefined }]),
    addMany: (tasks) =>
      write(
        { kind: 'addMany', tasks: [...tasks] },
        tasks.map((task) => ({ id: task.id, after: { ...task } })),
      ),
    deleteMany: (ids) =>
      write(
        { kind: 'deleteMany', ids: [...ids] },
        ids.map((id) => ({ id, after: undefined })),
      ),
    // As the SDK's getDocsFromServer: the server's tasks with this page's writes applied.
    idsOnServer(email, atMost) {
      if (!fake.serverReachable) return Promise.reject(firestoreError('unavailable'))
      const ids = [...local.values()].filter((t) => t.email === email).map((t) => t.id)
      return Promise.resolve(ids.slice(0, atMost))
    },
    // As getCountFromServer: the server's own count.
    countOnServer(email) {
      if (!fake.serverReachable) return Promise.reject(firestoreError('unavailable'))
      return Promise.resolve(fake.serverTasks(email).length)
    },
    markAccountDeleted: () => writeMark('mark'),
    unmarkAccountDeleted: () => writeMark('unmark'),
    watchAccountMark(onChange) {
      const email = signedIn() ?? ''
      followed = email
      const watcher = { email, onChange }
      markWatchers.add(watcher)
      reportMark(email)
      return () => markWatchers.delete(watcher)
    },
    // As the SDK's: a write is on the device's disk once handed over (a test sets otherwise).
    changesOnlyInMemory: disk.changesOnlyInMemory,
    watchChangesInMemory: disk.watchChangesInMemory,
    allSaved(withinMs) {
      const email = signedIn()
      if (unsentOf(email) === 0) return Promise.resolve(true)
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, withinMs, false)
        whenAllSaved.push({
          email,
          saved: () => {
            clearTimeout(timer)
            resolve(true)
          },
        })
      })
    },
    clearDevice: ({ dropUnsent = false } = {}) => {
      fake.devicesCleared++
      return Promise.resolve(dropUnsent ? unsentOf(followed) : 0)
    },
    persistence: () => Promise.resolve(persistence),
  }

  const fake = {
    repository,
    /** Every write asked for, in order. */
    writes,
    devicesCleared: 0,
    /** How often the page asked for a new connection. */
    reconnects: 0,
    /** Whether the server answers; unset, the live query reports from the device's cache. */
    serverReachable: true,
    /** A live query's first answer never comes while this is set. */
    losesFirstAnswers: false,
    /** From now on, each write stays in the page's memory until `putOnDisk()`. */
    holdInMemory: disk.holdInMemory,
    /** The writes held in memory reach the disk; those from now on go at once. */
    putOnDisk: disk.putOnDisk,
    /** The tasks the server holds for `email`, in list order. */
    serverTasks: (email: string) =>
      [...server.values()].filter((task) => task.email === email).sort(compareTasks),
    /** Whether the server holds the account of `email` marked deleted. */
    isMarked: (email: string) => marks.has(email),
    /** Another device marks the account of `email` deleted (or takes the mark back). */
    remoteMark(email: string, marked = true) {
      if (marked) marks.add(email)
      else marks.delete(email)
      reportMark(email)
    },
    /** Whose tasks are being followed live. */
    watching: () => [...watchers].map((watcher) => watcher.email),
    acknowledgeWrites: () => (answer = { kind: 'acknowledge' }),
    refuseWrites: (code: string) => (answer = { kind: 'refuse', code }),
    holdWrites: () => (answer = { kind: 'hold' }),
    /** Settles the writes held so far (the first `count` of them, if said). */
    acknowledgeHeld: (count = Infinity) => {
      for (const write of held.splice(0, count)) write.acknowledge()
    },
    refuseHeld: (code: string) => {
      for (const write of held.splice(0)) write.refuse(code)
    },
    /** Another device's change reaching the server, and this page's live query. */
    remotePut(task: Task) {
      server.set(task.id, { ...task })
      if (!pendingHere.get(task.id)) local.set(task.id, { ...task })
      report(task.email, [updateOf(task.id)])
    },
    remoteDelete(id: string) {
      const email = server.get(id)?.email
      server.delete(id)
      if (!pendingHere.get(id)) local.delete(id)
      report(email, [updateOf(id)])
    },
    /** The live queries fail (as for a revoked session); they have then stopped. */
    failWatches(err: unknown) {
      for (const watcher of [...watchers]) {
        watchers.delete(watcher)
        setTimeout(() => {
          watcher.onError(err)
        }, 0)
      }
    },
    setPersistence: (kept: Persistence) => (persistence = kept),
  }
  return fake
}
