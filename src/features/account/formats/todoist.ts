import type { ParseResult } from './types'

// Todoist's CSV export of a project (TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR, …):
// one row per task, section, note or setting, told apart by TYPE. Only the rows of TYPE `task`
// are tasks, their text in CONTENT; the export holds only tasks still to do.

/** Whether a CSV header (lower-cased) is Todoist's. */
export const isTodoist = (columns: readonly string[]): boolean =>
  columns.includes('type') && columns.includes('content')

export function fromTodoist(rows: readonly Record<string, string | undefined>[]): ParseResult {
  const tasks = rows
    .filter((row) => row.type?.trim().toLowerCase() === 'task')
    .map((row) => ({ text: row.content ?? '', finished: false }))
  return { ok: true, format: 'todoist', tasks }
}
