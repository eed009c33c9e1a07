import Papa from 'papaparse'
import type { Task } from '../../../services/types'
import { isObject, wrongShape, type FileTask, type ParseResult } from './types'

// This app's own files: JSON (`todo-tasks-YYYY-MM-DD.json`, with a format version) and CSV,
// each holding every task with its id, text, state and place in the list (1 is the top).

/** What `format` says in this app's JSON. */
export const FORMAT_NAME = 'todo-tasks'
/** The version this app writes and the newest it reads. */
export const FORMAT_VERSION = 1
export const CSV_COLUMNS = ['id', 'text', 'finished', 'place'] as const

/** A task as exported. */
export interface ExportedTask {
  id: string
  text: string
  finished: boolean
  place: number
}

/** `tasks` (in list order) as the files hold them. */
export const exportedTasks = (tasks: readonly Task[]): ExportedTask[] =>
  tasks.map((task, index) => ({
    id: task.id,
    text: task.task,
    finished: task.isFinished,
    place: index + 1,
  }))

/** The day of `date` where the person is, as the file's name says it. */
export function exportFileName(date: Date, extension: 'json' | 'csv'): string {
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-')
  return `todo-tasks-${day}.${extension}`
}

export function toJson(tasks: readonly Task[], exportedAt: Date): string {
  const file = {
    format: FORMAT_NAME,
    version: FORMAT_VERSION,
    exportedAt: exportedAt.toISOString(),
    tasks: exportedTasks(tasks),
  }
  return `${JSON.stringify(file, null, 2)}\n`
}

/**
 * The CSV, with a header row. A text a spreadsheet would take for a formula (=, +, -, @) is
 * written after an apostrophe, which fromCsv takes off again.
 */
export const toCsv = (tasks: readonly Task[]): string =>
  `${Papa.unparse(exportedTasks(tasks), { columns: [...CSV_COLUMNS], escapeFormulae: true })}\r\n`

/** Tasks in the order of their places when every one has a place, else in the file's. */
function byPlace(rows: { task: FileTask; place: number }[]): FileTask[] {
  const placed = rows.every(({ place }) => Number.isFinite(place))
  const ordered = placed ? [...rows].sort((a, b) => a.place - b.place) : rows
  return ordered.map(({ task }) => task)
}

/** This app's JSON, already parsed (its `format` said so). */
export function fromJson(file: Record<string, unknown>): ParseResult {
  const { version, tasks } = file
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
    const place = typeof item.place === 'number' ? item.place : NaN
    rows.push({ task: { text: item.text, finished: item.finished }, place })
  }
  return { ok: true, format: 'json', tasks: byPlace(rows) }
}

const FORMULA = /^'[=+\-@\t\r]/

/** This app's CSV, as rows keyed by its (lower-case) header. */
export function fromCsv(rows: readonly Record<string, string | undefined>[]): ParseResult {
  const parsed: { task: FileTask; place: number }[] = []
  for (const [index, row] of rows.entries()) {
    const finished = row.finished?.trim().toLowerCase()
    if (finished !== 'true' && finished !== 'false') {
      return wrongShape(`row ${String(index + 2)} has no "finished" (true or false)`)
    }
    const text = row.text ?? ''
    const place = row.place?.trim() ? Number(row.place) : NaN
    parsed.push({
      task: { text: FORMULA.test(text) ? text.slice(1) : text, finished: finished === 'true' },
      place,
    })
  }
  return { ok: true, format: 'csv', tasks: byPlace(parsed) }
}
