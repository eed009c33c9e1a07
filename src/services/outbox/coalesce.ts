import { TASK_FIELDS, type Task, type TaskField } from '../types'

/**
 * A write waiting to reach the server: the latest one for its document. An update carries the
 * task as this device now shows it, but only `fields` (those changed on this device) are
 * written: a field changed only on another device keeps the server's value.
 */
export type OutboxWrite =
  | {
      kind: 'add'
      task: Task
      /**
       * Once an attempt was made, the fields changed here since: if that attempt reached the
       * server, a retry writes only these (another device may have changed the rest).
       */
      fields?: TaskField[]
    }
  | { kind: 'update'; task: Task; fields: TaskField[] }
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
      if (previous.kind === 'add') {
        if (!attempted) return { kind: 'add', task: next.task, ...base, attempted }
        const fields = union(previous.fields ?? [], next.fields)
        return { kind: 'add', task: next.task, fields, ...base, attempted }
      }
      {
        // Both updates' fields are written, with this device's latest values.
        const before = previous.kind === 'update' ? fieldsOf(previous) : TASK_FIELDS
        return { ...next, fields: union(before, next.fields), ...base, attempted }
      }
    case 'delete':
      if (previous.kind === 'add' && !attempted) return null
      return { ...next, ...base, attempted }
  }
}

const union = (a: readonly TaskField[], b: readonly TaskField[]): TaskField[] =>
  TASK_FIELDS.filter((field) => a.includes(field) || b.includes(field))

/** The fields an update writes; entries stored before updates named them write them all. */
export const fieldsOf = (entry: OutboxWrite & { kind: 'update' }): readonly TaskField[] =>
  Array.isArray(entry.fields) ? entry.fields : TASK_FIELDS
