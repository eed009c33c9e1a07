import { TASK_FIELDS, type OutboxEntry, type OutboxWrite, type TaskField } from '../types'

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
        const before = previous.kind === 'update' ? previous.fields : TASK_FIELDS
        return { ...next, fields: union(before, next.fields), ...base, attempted }
      }
    case 'delete':
      if (previous.kind === 'add' && !attempted) return null
      return { ...next, ...base, attempted }
  }
}

const union = (a: readonly TaskField[], b: readonly TaskField[]): TaskField[] =>
  TASK_FIELDS.filter((field) => a.includes(field) || b.includes(field))
