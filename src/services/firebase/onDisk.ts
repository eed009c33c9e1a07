// When writes are on disk (docs/sync.md, "A closed tab"): the SDK's AsyncQueue runs operations in
// turn, a write's ending once committed, so a cache read queued after writes ends after them.
import { doc, getDocFromCache, type Firestore } from 'firebase/firestore'
import { TASKS } from './liveTasks'

export interface DiskWatch {
  /** A write of `id` was just handed to the SDK. */
  written(db: Firestore, id: string): void
  /** Whether some write handed to the SDK is not on disk yet. */
  inMemory(): boolean
}

/** `changed`: once the writes handed so far are on disk. */
export function watchDisk(changed: () => void = () => undefined): DiskWatch {
  let handed = 0
  let onDisk = 0
  let marking = false
  return {
    written(db, id) {
      handed++
      // One read after every write of this turn of the event loop (a Clear finished is many).
      if (marking) return
      marking = true
      queueMicrotask(() => {
        marking = false
        const upTo = handed
        // Resolved or rejected (not in the cache, or the instance stopped), it ran after them.
        getDocFromCache(doc(db, TASKS, id))
          .catch(() => undefined)
          .finally(() => {
            onDisk = Math.max(onDisk, upTo)
            changed()
          })
      })
    },
    inMemory: () => onDisk < handed,
  }
}
