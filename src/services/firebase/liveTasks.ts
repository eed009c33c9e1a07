// The live query of one user's tasks, as the task repository reports it (firestore.ts).
import {
  collection,
  onSnapshot,
  query,
  waitForPendingWrites,
  where,
  type Firestore,
  type FirestoreDataConverter,
} from 'firebase/firestore'
import { fromStored, toStored, type StoredTask } from '../taskDocument'
import type { Task, TasksSnapshot, TaskUpdate } from '../types'

export const TASKS = 'tasks'

/** The one definition of a task's document (taskDocument.ts), as the SDK takes it. */
export const taskConverter: FirestoreDataConverter<Task, StoredTask> = {
  toFirestore: (task) => toStored(task as Task),
  fromFirestore: (snapshot) => fromStored(snapshot.id, snapshot.data()),
}

export const tasksOf = (db: Firestore) => collection(db, TASKS).withConverter(taskConverter)

/** Pending documents beyond which the live query pauses while the queue drains. */
const DRAIN_PAUSE_AT = 100

/** This page's writes not yet settled (acknowledged or refused), per document. */
export interface PageWrites {
  has(id: string): boolean
  count(): number
  onSettled(listener: (id: string) => void): () => void
  /** Whether the device holds an unacknowledged write of the user (this page's or another tab's). */
  queued(): Promise<boolean>
  /** Just before this page hands the SDK a write. */
  onHanded(listener: () => void): () => void
}

const QUEUE_LOOK_MS = 1000

/**
 * `pendingHere`: this page still waits for its own write of the task. Once settled, the task is
 * reported again as the query shows it, so nothing passed over (a delete elsewhere) is missed.
 */
export function watchTasks(
  db: Firestore,
  email: string,
  writes: PageWrites,
  onChange: (snapshot: TasksSnapshot) => void,
  onError: (err: unknown) => void,
): () => void {
  const tasks = query(tasksOf(db), where('email', '==', email))
  // The query's tasks as last reported, and those with writes not yet acknowledged (any tab).
  const shown = new Map<string, Task>()
  const pending = new Set<string>()
  let fromCache = true
  let unsubscribe: (() => void) | null = null
  let stopped = false
  // The SDK's `hasPendingWrites` lasts until the query shows the server's version, which can be
  // minutes after the acknowledgement on a lagging query ('Saving…' stuck). So what is reported
  // is this page's unsettled writes, or else the device's queue, looked at each second.
  let sdkPending = false
  let queued = true
  // Reports holding a document written: a look begun before one is out of date.
  let writtenSeen = 0
  let looking = false
  // This page's own writes wait for the server too where the query cannot show them: a task's
  // delete (gone from the query at once) and a list's writes.
  const hasPendingWrites = () => writes.count() > 0 || (sdkPending && queued)
  let saidPending = false
  // Nothing is reported before the query's first answer: an empty report would say "loaded".
  let heard = false
  const report = (updates: TaskUpdate[]) => {
    saidPending = hasPendingWrites()
    onChange({ updates, fromCache, hasPendingWrites: saidPending })
  }
  const lookAtQueue = async () => {
    if (looking) return
    looking = true
    try {
      while (!stopped && sdkPending && !(writes.count() > 0)) {
        const said = hasPendingWrites()
        const since = writtenSeen
        const found = await writes.queued()
        if (since !== writtenSeen) continue
        queued = found
        // Not while the query is paused (a drain) or stopped: it reports again when back.
        if (unsubscribe !== null && hasPendingWrites() !== said) report([])
        if (!queued) return
        await new Promise((resolve) => setTimeout(resolve, QUEUE_LOOK_MS))
      }
    } finally {
      looking = false
    }
  }
  const listen = () => {
    unsubscribe = onSnapshot(
      tasks,
      { includeMetadataChanges: true },
      (snapshot) => {
        const updates: TaskUpdate[] = []
        let written = false
        for (const change of snapshot.docChanges({ includeMetadataChanges: true })) {
          const { id } = change.doc
          const pendingHere = writes.has(id)
          // Every document of the query is shown, whatever its shape (taskDocument.ts).
          const task = change.type === 'removed' ? null : change.doc.data()
          if (task) shown.set(id, task)
          else shown.delete(id)
          if (task && change.doc.metadata.hasPendingWrites) {
            pending.add(id)
            written = true
          } else pending.delete(id)
          updates.push(
            task ? { kind: 'changed', task, pendingHere } : { kind: 'removed', id, pendingHere },
          )
        }
        ;({ hasPendingWrites: sdkPending, fromCache } = snapshot.metadata)
        heard = true
        // A document written (in any tab): pending until the queue is looked at again.
        if (written) {
          queued = true
          writtenSeen++
        }
        report(updates)
        if (sdkPending) void lookAtQueue()
        // Once the server answers: the browser's online flag can be wrong.
        if (pending.size > DRAIN_PAUSE_AT && !fromCache) drain()
      },
      onError,
    )
  }
  // A long queue (offline changes, an import) is sent with the query paused, or every write and
  // acknowledgement updates every task's view (minutes for thousands); it resumes only once the
  // queue is empty, writes handed over meanwhile included, or it would reread every slice.
  const drain = () => {
    unsubscribe?.()
    unsubscribe = null
    pending.clear()
    const resume = () => {
      waitForPendingWrites(db).then(
        () => {
          if (stopped) return
          if (writes.count() > DRAIN_PAUSE_AT) resume()
          else listen()
        },
        (err: unknown) => {
          if (!stopped) onError(err)
        },
      )
    }
    resume()
  }
  // A burst of this page's own writes (an import) pauses the query before the SDK takes the
  // write that passes the mark: live, the SDK works out every task's view again per write
  // (View.applyChanges' limbo documents), minutes of main thread for 20,000.
  const stopHanded = writes.onHanded(() => {
    if (stopped || unsubscribe === null) return
    if (!fromCache && writes.count() > DRAIN_PAUSE_AT) drain()
    else if (heard && !saidPending) report([])
  })
  // After the SDK's own snapshot for the same answer, in one report per batch: 500 reports in a
  // row stopped React with "Maximum update depth exceeded".
  let settling: string[] | null = null
  const stopSettled = writes.onSettled((id) => {
    if (settling) {
      settling.push(id)
      return
    }
    const ids = (settling = [id])
    queueMicrotask(() => {
      settling = null
      setTimeout(() => {
        if (stopped || unsubscribe === null) return
        const updates = ids
          .filter((settled) => !writes.has(settled))
          .map((settled): TaskUpdate => {
            const task = shown.get(settled)
            return task
              ? { kind: 'changed', task, pendingHere: false }
              : { kind: 'removed', id: settled, pendingHere: false }
          })
        if (updates.length > 0 || (heard && hasPendingWrites() !== saidPending)) report(updates)
        if (sdkPending) void lookAtQueue()
      })
    })
  })
  listen()
  return () => {
    stopped = true
    stopSettled()
    stopHanded()
    unsubscribe?.()
    unsubscribe = null
  }
}
