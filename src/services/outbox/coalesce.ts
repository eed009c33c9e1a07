import type { Task } from '../types'

/** A write waiting to reach the server: the latest one for its document. */
export type OutboxWrite =
  | { kind: 'add'; task: Task }
  | { kind: 'update'; task: Task }
  | { kind: 'delete'; id: string; email: string }

/** A stored outbox entry: at most one per document, keyed by the document id. */
export type OutboxEntry = OutboxWrite & {
  /** The document id (also `task.id` for adds and updates). */
  id: string
  /** The owner's e-mail: an entry is sent only with that user's token. */
  email: string
  /** Grows with every change of the entry, so an acknowledgement removes only what was sent. */
  seq: number
  /** Whether a send was ever tried: the server may then already hold the document. */
  attempted: boolean
  /**
   * The server has taken this write, but the list kept on the device may not show it yet
   * (it is written at most every 300 ms): the entry stays, never sent again, so a reload in
   * that moment still shows the change. Writing the kept list removes it.
   */
  acknowledged?: true
}

export const idOf = (write: OutboxWrite): string =>
  write.kind === 'delete' ? write.id : write.task.id

export const emailOf = (write: OutboxWrite): string =>
  write.kind === 'delete' ? write.email : write.task.email

/**
 * The one entry that stands for `previous` followed by `next`, or null when nothing needs
 * sending. Adds are full writes (create or replace), so an add followed by updates is one add
 * of the latest object; an add never tried followed by a delete is nothing at all, but once
 * tried the server may hold the document, so the delete must go.
 */
export function coalesce(
  previous: OutboxEntry | undefined,
  next: OutboxWrite,
  seq: number,
): OutboxEntry | null {
  const base = { id: idOf(next), email: emailOf(next), seq, attempted: false }
  if (previous === undefined) return { ...next, ...base }
  const attempted = previous.attempted
  // An update after a delete has no document to change: the delete stands.
  if (next.kind === 'update' && previous.kind === 'delete') return { ...previous, seq, attempted }
  // The server holds an acknowledged write: what follows is a write of its own.
  if (previous.acknowledged) return { ...next, ...base }
  switch (next.kind) {
    case 'add':
      return { ...next, ...base, attempted }
    case 'update':
      if (previous.kind === 'add') return { kind: 'add', task: next.task, ...base, attempted }
      return { ...next, ...base, attempted }
    case 'delete':
      if (previous.kind === 'add' && !attempted) return null
      return { ...next, ...base, attempted }
  }
}

/** `tasks` with the writes applied, oldest first: what the user last saw. */
export function applyPending<T extends { id: string }>(
  tasks: readonly T[],
  pending: readonly OutboxEntry[],
): (T | Task)[] {
  const byId = new Map<string, T | Task>(tasks.map((task) => [task.id, task]))
  for (const entry of [...pending].sort((a, b) => a.seq - b.seq)) {
    if (entry.kind === 'delete') byId.delete(entry.id)
    else byId.set(entry.id, entry.task)
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
  return applyPending(applyPending(answer, before.filter(notInAnswer)), after.filter(notInAnswer))
}
