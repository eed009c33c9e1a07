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
  switch (next.kind) {
    case 'add':
      return { ...next, ...base, attempted }
    case 'update':
      if (previous.kind === 'add') return { kind: 'add', task: next.task, ...base, attempted }
      // An update after a delete has no document to change: the delete stands.
      if (previous.kind === 'delete') return { ...previous, seq, attempted }
      return { ...next, ...base, attempted }
    case 'delete':
      if (previous.kind === 'add' && !attempted) return null
      return { ...next, ...base, attempted }
  }
}

/** `tasks` with the pending writes applied: what the user last saw. */
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
