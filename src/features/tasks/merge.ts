import type { OutboxEntry } from '../../services/types'
import type { Task, TaskField } from '../../services/types'

// How the list shown here follows from what the server answered and the writes this device
// has not seen acknowledged yet (the outbox's entries).

/** `task` with `fields` taken from `changed`. */
function updated<T extends { id: string }>(
  task: T,
  changed: Task,
  fields: readonly TaskField[],
): T {
  const changes: Partial<Task> = {}
  for (const field of fields) Object.assign(changes, { [field]: changed[field] })
  return { ...task, ...changes }
}

/**
 * `tasks` with the writes applied, oldest first: what the user last saw. An update changes only
 * its own fields, and never brings back a task that is gone (deleted on another device: the
 * server will refuse the update).
 */
export function applyPending<T extends { id: string }>(
  tasks: readonly T[],
  pending: readonly OutboxEntry[],
  /** `tasks` is the server's answer: an add tried before that it holds changes only `fields`. */
  fromServer = false,
): (T | Task)[] {
  if (pending.length === 0) return [...tasks]
  const byId = new Map<string, T | Task>(tasks.map((task) => [task.id, task]))
  for (const entry of [...pending].sort((a, b) => a.seq - b.seq)) {
    const current = byId.get(entry.id)
    if (entry.kind === 'delete') byId.delete(entry.id)
    else if (entry.kind === 'update') {
      if (current !== undefined) byId.set(entry.id, updated(current, entry.task, entry.fields))
    } else if (fromServer && entry.attempted && current !== undefined) {
      // The server got the add already; what another device changed since stays.
      byId.set(entry.id, updated(current, entry.task, entry.fields ?? []))
    } else byId.set(entry.id, entry.task)
  }
  return [...byId.values()]
}

const writeKey = (entry: OutboxEntry) => `${entry.id}@${String(entry.seq)}`

/**
 * The server's answer to a query with the user's changes applied: `before` and `after` are the
 * outbox's entries (acknowledged ones included) read just before and just after the query.
 * Writes the server acknowledged before the query started are in its answer (or were overtaken
 * there, e.g. from another device), so they are not applied again; every other write is, since
 * the query may have run before or after it reached the server (writes are idempotent).
 */
export function applyToServerAnswer<T extends { id: string }>(
  answer: readonly T[],
  before: readonly OutboxEntry[],
  after: readonly OutboxEntry[],
): (T | Task)[] {
  const inAnswer = new Set(before.filter((entry) => entry.acknowledged).map(writeKey))
  const notInAnswer = (entry: OutboxEntry) => !inAnswer.has(writeKey(entry))
  return applyPending(
    applyPending(answer, before.filter(notInAnswer), true),
    after.filter(notInAnswer),
    true,
  )
}
