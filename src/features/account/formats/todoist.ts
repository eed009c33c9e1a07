import type { CsvTable } from './csv'
import { readTodoistDate, type RepeatOfWords } from './todoistDates'
import { hasText, type FileTask, type ParseResult, type TaskExtras } from './types'

// Todoist's CSV export of a project (TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR,
// RESPONSIBLE, DATE, DATE_LANG, TIMEZONE, DURATION, DURATION_UNIT, DEADLINE, DEADLINE_LANG): one
// row per task, section, comment ("note", on the task above) or setting ("meta"); only tasks still
// to do. PRIORITY 1 is p1, the highest, 4 is "none"; INDENT 2 and more is a subtask. A row of
// another TYPE is unread. DATE is the task's due (todoistDates.ts reads it as of `now`); a
// DEADLINE is a second date this app does not keep. The file is one project, whose name only the
// file's own name says ("Groceries.csv"; a number in brackets after it, "Groceries [2203306141]",
// taken for the project's id a backup may add): its tasks go to the list of that name (listPlan.ts).

const COLUMNS = ['type', 'content', 'description', 'priority', 'indent', 'date', 'deadline']
const KNOWN_TYPES = new Set(['task', 'section', 'note', 'meta'])

/** `columns`: lower-cased. */
export const isTodoist = (columns: readonly string[]): boolean =>
  columns.includes('type') && columns.includes('content')

/** The project a file `name` is of: the name without `.csv`, nor a backup's id after it. */
export const projectOfFile = (name: string): string =>
  name.replace(/\.csv$/i, '').replace(/\s*\[\d+\]$/, '')

export function fromTodoist(
  { header, rows, unreadLines }: CsvTable,
  now: Date = new Date(),
  repeatOf?: RepeatOfWords,
  project?: string,
): ParseResult {
  const names = header.map((column) => column.trim().toLowerCase())
  const [type, content, description, priority, indent, date, deadline] = COLUMNS.map((name) =>
    names.indexOf(name),
  )
  const tasks: FileTask[] = []
  const unread = [...unreadLines]
  let section: number | undefined
  let sections = 0
  for (const { fields, line } of rows) {
    const field = (column = -1) => fields[column] ?? ''
    const kind = field(type).trim().toLowerCase()
    if (kind === 'section') section = sections++
    else if (kind === 'note') {
      const extras = tasks.at(-1)?.extras
      if (extras) extras.notes = true
    } else if (kind === 'task') {
      const notesAsText = !hasText(field(content)) && hasText(field(description))
      const extras: TaskExtras = {}
      if (section !== undefined) extras.group = section
      if (notesAsText) extras.notesAsText = true
      else if (hasText(field(description))) extras.notes = true
      if (hasText(field(deadline))) extras.deadline = true
      if (['1', '2', '3'].includes(field(priority).trim())) extras.priority = true
      if (Number(field(indent)) >= 2) extras.subtask = true
      const written = field(date)
      const read = hasText(written)
        ? readTodoistDate(written, now, navigator.language, repeatOf)
        : undefined
      tasks.push({
        text: notesAsText ? field(description) : field(content),
        finished: false,
        extras,
        ...(project !== undefined && { list: project }),
        ...(read && { fields: { due: read.due, ...(read.repeat && { repeat: read.repeat }) } }),
        ...(read === null && { date: 'unread' as const }),
        ...(read?.repeats && { date: read.repeat ? ('repeats' as const) : ('repeated' as const) }),
      })
    } else if (!KNOWN_TYPES.has(kind)) unread.push(line)
  }
  return {
    ok: true,
    format: 'todoist',
    tasks,
    unreadLines: unread.sort((a, b) => a - b),
    lists: project === undefined ? [] : [project],
  }
}
