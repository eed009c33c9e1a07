import {
  ACCOUNT_CLOSING,
  type AccountStanding,
  type Persistence,
  type Task,
  type TaskChanges,
  type TaskRepository,
  type TasksSnapshot,
  type TaskUpdate,
} from '../../src/services/types'
import { compareTasks } from '../../src/features/tasks/model/ordering'
import { createFakeDisk } from './fakeDisk'
import { createFakeLists } from './fakeLists'

export type RecordedWrite =
  | { kind: 'add'; task: Task }
  | { kind: 'update'; id: string; changes: TaskChanges }
  | { kind: 'delete'; id: string }
  | { kind: 'addMany'; tasks: Task[] }
  | { kind: 'deleteMany'; ids: string[] }
  /** Delete account's steps: begun, a step's deletes (`last`: the account closed), stopped. */
  | { kind: 'begin' }
  | { kind: 'deleteStep'; ids: string[]; last: boolean }
  | { kind: 'stop' }

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
  // Delete account's record per address, as firestore.rules keep it: a deletion under way
  // (begun by this page or elsewhere), and whether this session is closed (an account of the
  // address deleted since it signed in). The server then refuses its adds and changes.
  const records = new Map<string, { closing: 'here' | 'elsewhere' | null; closed: boolean }>()
  const recordOf = (email: string) => records.get(email) ?? { closing: null, closed: false }
  const standingWatchers = new Set<{
    email: string
    onChange: (standing: AccountStanding) => void
  }>()
  let followed: string | null = null
  const standingOf = (email: string): AccountStanding => {
    const { closing, closed } = recordOf(email)
    if (closed) return { kind: 'closed', here: closedHere === email }
    if (closing) return { kind: 'closing', here: closing === 'here', until: Infinity }
    return { kind: 'open' }
  }
  let closedHere: string | null = null
  const reportStanding = (email: string) => {
    setTimeout(() => {
      for (const watcher of [...standingWatchers]) {
        if (watcher.email === email) watcher.onChange(standingOf(email))
      }
    }, 0)
  }
  const setRecord = (email: string, change: Partial<ReturnType<typeof recordOf>>) => {
    records.set(email, { ...recordOf(email), ...change })
    reportStanding(email)
  }
  /** Writes refused while an account closes (as the adapter explains the rules' refusal). */
  const refusesStoring = (email: string | undefined) =>
    email !== undefined && standingOf(email).kind !== 'open'

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
      // firestore.rules: a closing account's tasks are written no more (deletes go on).
      const answered = () => {
        const storing = record.kind !== 'delete' && record.kind !== 'deleteMany'
        if (storing && refusesStoring(email)) refuse(ACCOUNT_CLOSING)
        else acknowledge()
      }
      if (answer.kind === 'acknowledge') answered()
      else if (answer.kind === 'refuse') refuse(answer.code)
      else held.push({ acknowledge: answered, refuse })
    })
  }

  /**
   * One of Delete account's steps: a transaction, sent at once or not at all (never queued),
   * answered as the test says (held ones settle with the writes held).
   */
  function step(record: RecordedWrite, apply: (email: string) => void): Promise<void> {
    const email = signedIn() ?? ''
    writes.push(structuredClone(record))
    if (!fake.serverReachable) return Promise.reject(firestoreError('unavailable'))
    return new Promise<void>((resolve, reject) => {
      const acknowledge = () => {
        try {
          apply(email)
          resolve()
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)))
        }
      }
      const refuse = (code: string) => {
        reject(firestoreError(code))
      }
      if (answer.kind === 'acknowledge') acknowledge()
      else if (answer.kind === 'refuse') refuse(answer.code)
      else held.push({ acknowledge, refuse })
    })
  }
  const deleteOnServer = (ids: readonly string[]) => {
    const email = ids[0] === undefined ? undefined : server.get(ids[0])?.email
    for (const id of ids) {
      server.delete(id)
      if (!pendingHere.get(id)) local.delete(id)
    }
    report(email, ids.map(updateOf))
  }

  const lists = createFakeLists()
  const repository: TaskRepository = {
    ...lists.repository,
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
    beginDeletion: () =>
      step({ kind: 'begin' }, (email) => {
        if (recordOf(email).closed) throw firestoreError('permission-denied')
        setRecord(email, { closing: 'here' })
      }),
    deleteTasksOfAccount: (ids, last) =>
      step({ kind: 'deleteStep', ids: [...ids], last }, (email) => {
        deleteOnServer(ids)
        if (!last) return
        closedHere = email
        setRecord(email, { closing: null, closed: true })
      }),
    stopDeletion: () =>
      step({ kind: 'stop' }, (email) => {
        if (recordOf(email).closing === 'here') setRecord(email, { closing: null })
      }),
    standing: () => {
      if (!fake.serverReachable) return Promise.reject(firestoreError('unavailable'))
      return Promise.resolve(standingOf(signedIn() ?? ''))
    },
    watchStanding(onChange) {
      const email = signedIn() ?? ''
      followed = email
      const watcher = { email, onChange }
      standingWatchers.add(watcher)
      reportStanding(email)
      return () => standingWatchers.delete(watcher)
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
    /** The person's lists on the fake server, and the writes of them. */
    lists,
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
    /** The standing of `email`'s session as the server holds it. */
    standingOf,
    /** Another device begins (true) or stops (false) deleting the account of `email`. */
    remoteClosing(email: string, closing = true) {
      setRecord(email, { closing: closing ? 'elsewhere' : null })
    },
    /** Another device closes the account of `email` (its last step): this session is refused. */
    remoteClosed(email: string) {
      setRecord(email, { closing: null, closed: true })
    },
    /** A new sign-in (the popup again): a session that no earlier deletion closed. */
    sessionRenewed(email: string) {
      if (closedHere === email) closedHere = null
      setRecord(email, { closed: false })
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
