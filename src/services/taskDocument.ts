import { generateKeyBetween } from 'fractional-indexing'
import type { Task, TaskChanges } from './types'

// A task's stored fields, defined once: `Task` (types.ts) names them, `READERS` reads them, and
// all that copies a task derives from the two: the adapter's converter, every new task
// (`newTask`: a click's, an import's, the old outbox's, every fixture of the tests and the bench),
// this app's export and import. Only type imports: scripts run it under Node's type stripping.

/** The fields of a task that its document stores (`id` names the document). */
export type StoredFields = Omit<Task, 'id'>

/** The document of a task as this app writes it: a field that is null is not written. */
export type StoredTask = { [K in keyof StoredFields]?: NonNullable<StoredFields[K]> }

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

/**
 * What each stored field reads as, whatever wrote it (docs/sync.md, "Documents of every
 * shape"); what a missing field reads as is also a new task's first value. A `task` that is not
 * a string reads as its text (or empty), a non-boolean `isFinished` as open, a non-finite
 * `order` as none, a `rank` that is not a fractional key as none; other fields are left to the
 * server, where no write of ours removes them.
 */
const READERS: { [K in keyof StoredFields]: (value: unknown) => StoredFields[K] } = {
  task: (value) =>
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : '',
  isFinished: (value) => value === true,
  email: (value) => (typeof value === 'string' ? value : ''),
  order: (value) => (typeof value === 'number' && Number.isFinite(value) ? value : null),
  rank: (value) => (isRank(value) ? value : null),
}

export const STORED_FIELDS = Object.keys(READERS) as (keyof StoredFields)[]

/** The fields a click changes; `email` is the owner's, for good. */
export const CHANGEABLE_FIELDS = STORED_FIELDS.filter(
  (field): field is keyof TaskChanges => field !== 'email',
)

type Fields = { readonly [K in keyof StoredFields]?: unknown }
const read = (data: Fields) =>
  Object.fromEntries(STORED_FIELDS.map((field) => [field, READERS[field](data[field])]))

/** The task a stored document (or any record of its fields) holds. */
export const fromStored = (id: string, data: Fields) => ({ id, ...read(data) }) as Task

/** A task of `fields`, each field not given at its first value. */
export const newTask = <F extends Partial<Task>>(fields: F) =>
  ({ ...read({}), ...fields }) as StoredFields & F

/** The fields of `fields` to write: those `written` keeps, each under its own name. */
const storedOf = (fields: Partial<StoredFields>, written: (value: unknown) => boolean) =>
  Object.fromEntries(
    STORED_FIELDS.filter((field) => written(fields[field])).map((field) => [field, fields[field]]),
  ) as StoredTask

/** The document to store for `task` (its id names the document): a null is not written. */
export const toStored = (task: Task): StoredTask => storedOf(task, (value) => value !== null)

/**
 * The fields of an update for `changes`. An order or a rank of null is never written: what is
 * stored stays (a rank only breaks ties, and a click that places a task by its order alone
 * gives it an order no other task has).
 */
export const toStoredChanges = (changes: TaskChanges): StoredTask =>
  storedOf(changes, (value) => value !== undefined && value !== null)
