import { generateKeyBetween } from 'fractional-indexing'
import type { Task, TaskChanges } from './types'

// A task's stored fields, defined once: every reader and writer of `tasks/{id}` goes through
// here (the Firestore adapter's converter, the rules table, the bench's and the browser tests'
// seeding, the old outbox's handover). Only type imports: scripts run it under Node's type
// stripping. A new stored field is added to `Task` (types.ts), here, where a task is first
// made (tasks/model/commands.ts) and where it is shown, plus firestore.rules.

/** The document of a task as this app writes it: `order` is absent on the original app's. */
export interface StoredTask {
  task: string
  isFinished: boolean
  email: string
  order?: number
  /** A fractional key; absent (or '', or not a key): none. */
  rank?: string
}

/** The fields a click changes; `email` is the owner's, for good. */
export const CHANGEABLE_FIELDS = [
  'task',
  'isFinished',
  'order',
  'rank',
] as const satisfies readonly (keyof TaskChanges)[]

/** The document to store for `task` (its id names the document). */
export function toStored({ task, isFinished, email, order, rank }: Task): StoredTask {
  return {
    task,
    isFinished,
    email,
    ...(typeof order === 'number' && { order }),
    ...(typeof rank === 'string' && { rank }),
  }
}

/**
 * The fields of an update for `changes`. An order or a rank of null is never written: what is
 * stored stays (a rank only breaks ties, and a click that places a task by its order alone
 * gives it an order no other task has).
 */
export function toStoredChanges(changes: TaskChanges): Partial<StoredTask> {
  const stored: Partial<StoredTask> = {}
  for (const field of CHANGEABLE_FIELDS) {
    const value = changes[field]
    if (value !== undefined && value !== null) Object.assign(stored, { [field]: value })
  }
  return stored
}

/** Whether `rank` is a fractional key (another client may have written anything). */
function isRank(rank: unknown): rank is string {
  if (typeof rank !== 'string' || rank === '') return false
  try {
    generateKeyBetween(rank, null)
    return true
  } catch {
    return false
  }
}

/** The text of a stored `task` field: a number or a boolean as written, anything else empty. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}

/**
 * The task a stored document holds, whatever wrote it (docs/sync.md, "Documents of every
 * shape"): a missing or non-boolean `isFinished` reads as open, a missing or non-finite `order`
 * as none, a `rank` that is not a fractional key as none, a `task` that is not a string as its
 * text (or empty); other fields are left to the server, where no write of ours removes them.
 */
export function fromStored(id: string, data: Readonly<Record<string, unknown>>): Task {
  const { task, isFinished, email, order, rank } = data
  return {
    id,
    task: textOf(task),
    isFinished: isFinished === true,
    email: typeof email === 'string' ? email : '',
    order: typeof order === 'number' && Number.isFinite(order) ? order : null,
    rank: isRank(rank) ? rank : null,
  }
}
