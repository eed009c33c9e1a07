import type { Task } from '../../../services/types'
import { idHash } from '../../../lib/helpers'

// Tasks in buckets by id hash: a change copies one bucket, not a 50,000-key object (tens of ms,
// docs/performance.md). Plain objects, so the state stays serializable for Redux DevTools.

/** About 20 tasks a bucket at 5,000 tasks, 200 at 50,000. */
export const TABLE_BUCKETS = 256
type Bucket = Readonly<Record<string, Task>>
export type TaskTable = Readonly<Record<number, Bucket>>
const bucketOf = (id: string) => idHash(id) % TABLE_BUCKETS
export const EMPTY_TABLE: TaskTable = Object.freeze({})

/** Never a property every object has (`constructor`, `__proto__`…). */
export function taskOf(table: TaskTable, id: string): Task | undefined {
  const bucket = table[bucketOf(id)]
  return bucket !== undefined && Object.hasOwn(bucket, id) ? bucket[id] : undefined
}

export function tableWith(
  table: TaskTable,
  changed: Iterable<Task>,
  removed: Iterable<string> = [],
): TaskTable {
  const buckets: Record<number, Bucket> = { ...table }
  const copied = new Map<number, Record<string, Task>>()
  const bucket = (id: string) => {
    const index = bucketOf(id)
    let copy = copied.get(index)
    if (copy === undefined) {
      copy = { ...table[index] }
      copied.set(index, copy)
    }
    return copy
  }
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- our own copy
  for (const id of removed) delete bucket(id)[id]
  for (const task of changed) bucket(task.id)[task.id] = Object.freeze(task)
  for (const [index, copy] of copied) {
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- our own copy
    if (Object.keys(copy).length === 0) delete buckets[index]
    else buckets[index] = Object.freeze(copy)
  }
  return Object.freeze(buckets)
}

/** The ids whose task is not the same object in both tables: found by the buckets copied. */
export function changedIds(before: TaskTable, after: TaskTable): string[] {
  const ids: string[] = []
  if (before === after) return ids
  for (let index = 0; index < TABLE_BUCKETS; index++) {
    const was = before[index]
    const now = after[index]
    if (was === now) continue
    for (const id of new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])) {
      if (taskOf(before, id) !== taskOf(after, id)) ids.push(id)
    }
  }
  return ids
}

export const tasksOf = (table: TaskTable): Task[] =>
  Object.values(table).flatMap((bucket) => Object.values(bucket))
