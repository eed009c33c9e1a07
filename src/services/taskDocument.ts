import { generateKeyBetween } from 'fractional-indexing'
import type { Task, TaskChanges } from './types'

// A task's stored fields, defined once: `Task` names them, `READERS` reads them; the converter,
// `newTask`, export and import derive from both. Only type imports: scripts run it under Node.

export type StoredFields = Omit<Task, 'id'>

/** The document of a task as this app writes it: a field that is null is not written. */
export type StoredTask = {
  [K in keyof StoredFields]?: K extends Clearable ? StoredFields[K] : NonNullable<StoredFields[K]>
}
/** The fields a change clears by writing null (a date, a repeat); the others are left out. */
type Clearable = 'due' | 'repeat' | 'list'

/**
 * When a task is due: a calendar day, YYYY-MM-DD, the same day in every time zone; or a moment
 * with its time, an ISO instant in UTC (`toISOString`), which each device shows in its own zone.
 * A day and a time are not an instant: "3 Dec" must stay 3 Dec wherever the phone travels.
 */
const DUE =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z)?$/
/** A day that exists (no 30 February, no year 0), as firestore.rules' validDue checks it too. */
export const isDue = (value: unknown): value is string =>
  typeof value === 'string' &&
  DUE.test(value) &&
  !value.startsWith('0000') &&
  new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
    .toISOString()
    .startsWith(value.slice(0, 10))

// A repeat, as an RFC 5545 RRULE value, within the subset this app reads and writes (the words
// that make each: model/readRepeat.ts). One written "from completion" (Todoist's "every!") is the
// same value in a whole RRULE content line with an extension parameter, which RFC 5545 §3.2 has
// every reader ignore: `RRULE;X-TODO-FROM=COMPLETION:FREQ=DAILY;INTERVAL=3`. firestore.rules'
// validRepeat spells the same expression.
const WEEKDAY = '(MO|TU|WE|TH|FR|SA|SU)'
const INTERVAL = '(;INTERVAL=[1-9][0-9]{0,2})?'
const MONTH_DAYS = `BYMONTHDAY=(-1|[1-9]|[12][0-9]|3[01])(,([1-9]|[12][0-9]|3[01])){0,3}(;BYSETPOS=-1)?`
export const REPEAT_PATTERN =
  '(RRULE;X-TODO-FROM=COMPLETION:)?FREQ=(' +
  `DAILY${INTERVAL}|` +
  `WEEKLY${INTERVAL}(;BYDAY=${WEEKDAY}(,${WEEKDAY}){0,6})?|` +
  `MONTHLY${INTERVAL}(;${MONTH_DAYS}|;BYDAY=(-1|[1-5])${WEEKDAY})?|` +
  `YEARLY${INTERVAL}(;BYMONTH=([1-9]|1[0-2]);${MONTH_DAYS})?)`
const REPEAT = new RegExp(`^${REPEAT_PATTERN}$`)
/** The longest repeat stored (the expression allows 99 characters; the rules check it too). */
export const MAX_REPEAT_LENGTH = 100
export const isRepeat = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_REPEAT_LENGTH && REPEAT.test(value)

/**
 * A list's id: one of a person's 200 slots (`people/{key}/lists/{slot}`, firestore.rules'
 * listSlot); "My tasks" is no list (null), so every task written before lists is in it.
 */
export const LIST_ID = /^([1-9][0-9]?|1[0-9][0-9]|200)$/
export const MAX_LISTS = 200
export const isListId = (value: unknown): value is string =>
  typeof value === 'string' && LIST_ID.test(value)

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

// Each stored field as read, whatever wrote it (docs/sync.md, "Documents of every shape"); a
// missing field reads as a new task's first value. Unknown fields stay on the server untouched.
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
  due: (value) => (isDue(value) ? value : null),
  repeat: (value) => (isRepeat(value) ? value : null),
  list: (value) => (isListId(value) ? value : null),
}

export const STORED_FIELDS = Object.keys(READERS) as (keyof StoredFields)[]

/** The fields a click changes; `email` is the owner's, for good. */
export const CHANGEABLE_FIELDS = STORED_FIELDS.filter(
  (field): field is keyof TaskChanges => field !== 'email',
)

type Fields = { readonly [K in keyof StoredFields]?: unknown }
const read = (data: Fields) =>
  Object.fromEntries(STORED_FIELDS.map((field) => [field, READERS[field](data[field])]))

export const fromStored = (id: string, data: Fields) => ({ id, ...read(data) }) as Task

/** A task of `fields`, each field not given at its first value. */
export const newTask = <F extends Partial<Task>>(fields: F) =>
  ({ ...read({}), ...fields }) as StoredFields & F

const storedOf = (fields: Partial<StoredFields>, written: (value: unknown) => boolean) =>
  Object.fromEntries(
    STORED_FIELDS.filter((field) => written(fields[field])).map((field) => [field, fields[field]]),
  ) as StoredTask

export const toStored = (task: Task): StoredTask => storedOf(task, (value) => value !== null)

/**
 * A null order or rank is never written: a rank only breaks ties, and an order alone is unique.
 * A null due, repeat or list is: it clears the date, stops the repeat, or moves it to My tasks.
 */
export const toStoredChanges = (changes: TaskChanges): StoredTask => ({
  ...storedOf(changes, (value) => value !== undefined && value !== null),
  ...(changes.due === null ? { due: null } : {}),
  ...(changes.repeat === null ? { repeat: null } : {}),
  ...(changes.list === null ? { list: null } : {}),
})
