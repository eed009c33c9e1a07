// This page's writes not yet settled (acknowledged or refused), per document: while one is, the
// live query shows the SDK's view of an older click, and the page's own state is the newer one.
import type { Firestore } from 'firebase/firestore'
import type { DiskWatch } from './onDisk'

/** `changed`: after the count changes (with no IndexedDB, it is what is in memory alone). */
export function countPageWrites(disk: DiskWatch, changed: () => void) {
  const writing = new Map<string, number>()
  const settledListeners = new Set<(id: string) => void>()
  const handedListeners = new Set<() => void>()
  return {
    has: (id: string) => writing.has(id),
    count: () => writing.size,
    onSettled: (listener: (id: string) => void) => {
      settledListeners.add(listener)
      return () => settledListeners.delete(listener)
    },
    /** Just before this page hands the SDK a write. */
    onHanded: (listener: () => void) => {
      handedListeners.add(listener)
      return () => handedListeners.delete(listener)
    },
    /** Forgets them (their instance has stopped); how many documents they were of. */
    clear: () => {
      const dropped = writing.size
      writing.clear()
      changed()
      return dropped
    },
    /** A write of the documents of `ids` (one, or a batch's) to `db`, counted until it settles. */
    write: (db: Firestore, ids: readonly string[], send: () => Promise<void>): Promise<void> => {
      for (const id of ids) {
        writing.set(id, (writing.get(id) ?? 0) + 1)
        disk.written(db, id)
      }
      changed()
      // Before the SDK is handed the write: the live query may pause first (liveTasks.ts).
      for (const listener of handedListeners) listener()
      const settled = () => {
        for (const id of ids) {
          const left = (writing.get(id) ?? 1) - 1
          if (left > 0) writing.set(id, left)
          else {
            writing.delete(id)
            for (const listener of settledListeners) listener(id)
          }
        }
        changed()
      }
      // A write the SDK refuses at once (it throws) settles too, or the document would never
      // follow the server again.
      let sending: Promise<void>
      try {
        sending = send()
      } catch (err) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the SDK's own error, passed on
        sending = Promise.reject(err)
      }
      // Settled before the caller hears: the SDK answers a write before it raises the snapshot
      // that follows from it, so that snapshot is no longer the page's own.
      return sending.finally(settled)
    },
  }
}
