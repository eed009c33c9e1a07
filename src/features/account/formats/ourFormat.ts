import Papa from 'papaparse'
import { fromStored, STORED_FIELDS, type StoredFields } from '../../../services/taskDocument'
import type { ListEntry, Task } from '../../../services/types'
import type { CsvTable } from './csv'
import { isObject, wrongShape, type FileTask, type ParseResult } from './types'

// This app's JSON (with a format version) and CSV: every task's id, text, state and place
// (1 is the top), the name of its list (none: My tasks), and every other stored field with a
// value under its own name, so a new field is kept without a change here. A list is named, not
// given by its slot, which means nothing in another account; the JSON also names every list in
// the person's order ("lists"), those without tasks too.

export const FORMAT_NAME = 'todo-tasks'
/** The version this app writes and the newest it reads. */
export const FORMAT_VERSION = 1
/** Said in the files' own words (the owner is whoever imports; a list by its name). */
const RENAMED: readonly (keyof StoredFields)[] = [
  'task',
  'isFinished',
  'email',
  'order',
  'rank',
  'list',
]
const KEPT = STORED_FIELDS.filter((field) => !RENAMED.includes(field))

const FIRST = fromStored('', {})

/** The kept fields not at their first value (a file holds a field only once some task sets it). */
const keptOf = (valueOf: (field: keyof StoredFields) => unknown) => {
  const task = fromStored('', Object.fromEntries(KEPT.map((field) => [field, valueOf(field)])))
  const kept = KEPT.filter((field) => task[field] !== FIRST[field])
  return kept.length
    ? (Object.fromEntries(kept.map((field) => [field, task[field]])) as Partial<StoredFields>)
    : undefined
}

/** A due or repeat the file gives (a value, not an empty cell) that is not one this app keeps. */
const unreadOf = (valueOf: (field: keyof StoredFields) => unknown) => {
  const fields = keptOf(valueOf)
  const given = (field: 'due' | 'repeat') => {
    const value = valueOf(field)
    return value !== undefined && value !== null && value !== '' && fields?.[field] === undefined
  }
  return {
    fields,
    ...(given('due') && { date: 'unread' as const }),
    ...(given('repeat') && { repeatUnread: true }),
  }
}

/** A task's list by name; one naming a list that is gone is in My tasks, as the page shows it. */
const listNames = (lists: readonly ListEntry[]) => {
  const names = new Map(lists.map(({ id, name }) => [id, name]))
  return (task: Task) => (task.list === null ? undefined : names.get(task.list))
}

const exportedTasks = (tasks: readonly Task[], lists: readonly ListEntry[]) => {
  const listOf = listNames(lists)
  return tasks.map((task, index) => {
    const list = listOf(task)
    return {
      id: task.id,
      text: task.task,
      finished: task.isFinished,
      place: index + 1,
      ...keptOf((field) => task[field]),
      ...(list !== undefined && { list }),
    }
  })
}

/** The day of `date` where the person is, as the file's name says it. */
export function exportFileName(date: Date, extension: 'json' | 'csv'): string {
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-')
  return `todo-tasks-${day}.${extension}`
}

/** `lists`: the person's, in their order. */
export function toJson(
  tasks: readonly Task[],
  exportedAt: Date,
  lists: readonly ListEntry[] = [],
): string {
  const file = {
    format: FORMAT_NAME,
    version: FORMAT_VERSION,
    exportedAt: exportedAt.toISOString(),
    ...(lists.length > 0 && { lists: lists.map(({ name }) => name) }),
    tasks: exportedTasks(tasks, lists),
  }
  return `${JSON.stringify(file, null, 2)}\n`
}

// A spreadsheet runs a cell starting (after spaces) with =, +, -, @, tab or CR as a formula
// (OWASP, "CSV Injection"): such a text is written after an apostrophe, as is one already starting
// with apostrophes before such a start (`'=x` → `''=x`), so reading takes exactly one off.
const ESCAPED_ON_WRITE = /^'*\s*[=+\-@\t\r]/
const ESCAPED_ON_READ = /^'+\s*[=+\-@\t\r]/

export const escapeCell = (text: string): string =>
  ESCAPED_ON_WRITE.test(text) ? `'${text}` : text

export const unescapeCell = (cell: string): string =>
  ESCAPED_ON_READ.test(cell) ? cell.slice(1) : cell

export const toCsv = (tasks: readonly Task[], lists: readonly ListEntry[] = []): string => {
  const rows = exportedTasks(tasks, lists).map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([name, value]) => [
        name,
        typeof value === 'string' ? escapeCell(value) : value,
      ]),
    ),
  )
  const kept = [...KEPT, 'list'].filter((field) => rows.some((row) => field in row))
  return `${Papa.unparse(rows, { columns: ['id', 'text', 'finished', 'place', ...kept] })}\r\n`
}

/** Tasks in the order of their places when every one has a place, else in the file's. */
function byPlace(rows: { task: FileTask; place: number }[]): FileTask[] {
  const placed = rows.every(({ place }) => Number.isFinite(place))
  const ordered = placed ? [...rows].sort((a, b) => a.place - b.place) : rows
  return ordered.map(({ task }) => task)
}

export function fromJson(file: Record<string, unknown>): ParseResult {
  const { version, tasks, lists } = file
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return wrongShape('its "version" is not a whole number')
  }
  if (version > FORMAT_VERSION) return { ok: false, problem: { kind: 'newer-version', version } }
  if (!Array.isArray(tasks)) return wrongShape('it has no "tasks" list')
  const rows: { task: FileTask; place: number }[] = []
  for (const [index, item] of (tasks as unknown[]).entries()) {
    const which = `task ${String(index + 1)}`
    if (!isObject(item) || typeof item.text !== 'string') return wrongShape(`${which} has no text`)
    if (typeof item.finished !== 'boolean') return wrongShape(`${which} has no "finished"`)
    const { text, finished, list } = item
    rows.push({
      task: {
        text,
        finished,
        ...unreadOf((field) => item[field]),
        ...(typeof list === 'string' && { list }),
      },
      place: typeof item.place === 'number' ? item.place : NaN,
    })
  }
  const named = Array.isArray(lists)
    ? (lists as unknown[]).filter((name): name is string => typeof name === 'string')
    : []
  return { ok: true, format: 'json', tasks: byPlace(rows), unreadLines: [], lists: named }
}

/** A row whose "finished" is neither true nor false is unread; with none left, not this app's. */
export function fromCsv({ header, rows, unreadLines }: CsvTable): ParseResult {
  const columns = header.map((column) => column.trim().toLowerCase())
  const [text, finished, place, list] = ['text', 'finished', 'place', 'list'].map((name) =>
    columns.indexOf(name),
  )
  const parsed: { task: FileTask; place: number }[] = []
  const unread = [...unreadLines]
  for (const { fields, line } of rows) {
    const state = fields[finished ?? -1]?.trim().toLowerCase()
    if (state !== 'true' && state !== 'false') {
      unread.push(line)
      continue
    }
    const at = fields[place ?? -1]?.trim()
    const listName = fields[list ?? -1]
    parsed.push({
      task: {
        text: unescapeCell(fields[text ?? -1] ?? ''),
        finished: state === 'true',
        ...unreadOf((field) => {
          const cell = fields[columns.indexOf(field.toLowerCase())]
          return cell ? unescapeCell(cell) : undefined // An empty cell: a field not stored.
        }),
        ...(listName && { list: unescapeCell(listName) }),
      },
      place: at ? Number(at) : NaN,
    })
  }
  if (parsed.length === 0 && rows[0]) {
    return wrongShape(`line ${String(rows[0].line)} has no "finished" (true or false)`)
  }
  unread.sort((a, b) => a - b)
  return { ok: true, format: 'csv', tasks: byPlace(parsed), unreadLines: unread }
}
