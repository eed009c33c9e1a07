import type { ImportState } from './accountSlice'
import type { ImportFormat, ImportProblem } from './formats/types'
import { MAX_IMPORT_TASKS } from './formats/types'
import { skippedCount, type ImportPreview } from './formats/preview'
import { MAX_TASK_LENGTH } from '../../services/types'
import { count, tasks } from './words'
import { importedWhat, listsStay } from './importListWords'

// What the Import dialog and the account line after an import say; tests read the same words.
const FORMATS: Record<ImportFormat, string> = {
  json: 'this app’s JSON',
  csv: 'this app’s CSV',
  takeout: 'Google Tasks',
  todoist: 'Todoist',
}
export const NOTHING_ADDED = 'Nothing was added.'

export function importProblem(name: string, problem: ImportProblem): string {
  const file = `“${name}”`
  switch (problem.kind) {
    case 'not-json-or-csv':
      return `${file} is not a JSON or CSV file.`
    case 'too-large':
      return `${file} is over 10 MB (${(problem.bytes / 1_000_000).toFixed(1)} MB).`
    case 'too-many':
      return `${file} holds ${tasks(problem.count)}: at most ${count(MAX_IMPORT_TASKS)} can be imported at once.`
    case 'invalid-json':
      return `${file} is not valid JSON.`
    case 'wrong-shape':
      return `${file} is not a file this app can import: ${problem.what}.`
    case 'newer-version':
      return `${file} was made by a newer version of this app (format ${String(problem.version)}); this one reads format 1.`
  }
}

export const importSource = (name: string, format: ImportFormat) =>
  `From “${name}” (${FORMATS[format]}):`

export function toAdd(preview: ImportPreview): string {
  const n = preview.tasks.length
  if (n === 0) return 'Nothing to add.'
  const finished = preview.finished === 0 ? 'none' : count(preview.finished)
  return `${tasks(n)} to add, ${finished} of them finished.`
}

export function skippedReasons({ skipped, lists }: ImportPreview): string[] {
  const { empty, tooLong, duplicate, deleted } = skipped
  // With lists named, a task is left out only when its text is in the list it would go to.
  const where = lists.length === 0 ? 'your list' : 'the list it would go to'
  return [
    empty && `${count(empty)} with no text`,
    tooLong && `${count(tooLong)} too long (over ${count(MAX_TASK_LENGTH)} characters)`,
    duplicate && `${count(duplicate)} already in ${where}`,
    deleted && `${count(deleted)} deleted in Google Tasks`,
  ].filter((reason): reason is string => Boolean(reason))
}

export const skippedTitle = (preview: ImportPreview) => `${tasks(skippedCount(preview))} left out:`
export function unreadLinesText({ unreadLines }: ImportPreview): string | null {
  const n = unreadLines.length
  if (n === 0) return null
  if (n === 1) return `Line ${count(unreadLines[0] ?? 0)} could not be read and is left out.`
  const named = unreadLines.slice(0, n > 6 ? 5 : n).map(count)
  const last = n > 6 ? `${count(n - 5)} more` : named.pop()
  return `Lines ${named.join(', ')} and ${String(last)} could not be read and are left out.`
}

export function notKeptItems({ notKept }: ImportPreview, format: ImportFormat): string[] {
  const { notes, deadline, priority, subtask, links, groups } = notKept
  const one = (n: number, singular: string, plural: string) =>
    `${n === 1 ? singular : plural} on ${tasks(n)}`
  // Todoist's sections, within its one project; Google Tasks' lists are kept (listPlan.ts).
  const sections =
    groups === 1
      ? '1 section (its tasks are added without it)'
      : `${count(groups)} sections (their tasks are added without them)`
  return [
    notes && one(notes, 'notes', 'notes'),
    deadline && one(deadline, 'a deadline', 'deadlines'),
    format === 'todoist' && groups > 0 && sections,
    priority && one(priority, 'a priority', 'priorities'),
    subtask &&
      (subtask === 1
        ? 'subtasks: 1 added as a task of its own'
        : `subtasks: ${count(subtask)} added as tasks of their own`),
    links && one(links, 'a link', 'links'),
  ].filter((item): item is string => Boolean(item))
}

export function notesAsTextLine({ notKept: { notesAsText: n } }: ImportPreview): string | null {
  if (n === 0) return null
  return n === 1
    ? '1 task has no title: its notes are its text.'
    : `${tasks(n)} have no title: their notes are their text.`
}

/** Google Tasks' finished tasks cleared from view ("hidden"): said, as they come back finished. */
export function hiddenLine({ hidden: n }: ImportPreview): string | null {
  if (n === 0) return null
  return n === 1
    ? '1 task was cleared from view in Google Tasks: it is added as finished.'
    : `${tasks(n)} were cleared from view in Google Tasks: they are added as finished.`
}

/** What became of the dates another app wrote: repeating ones, and those not understood. */
export function datesLines({
  dates: { repeated, repeats, unread, unreadRepeats },
}: ImportPreview): string[] {
  return [
    repeats &&
      (repeats === 1
        ? '1 task repeats in Todoist: it keeps its repeat here, due on its next date.'
        : `${tasks(repeats)} repeat in Todoist: each keeps its repeat here, due on its next date.`),
    repeated &&
      (repeated === 1
        ? '1 task repeats in Todoist in words this app does not read: it is added once, due on its next date.'
        : `${tasks(repeated)} repeat in Todoist in words this app does not read: each is added once, due on its next date.`),
    unread &&
      (unread === 1
        ? '1 date could not be understood: its task is added without a date.'
        : `${count(unread)} dates could not be understood: their tasks are added without a date.`),
    unreadRepeats &&
      (unreadRepeats === 1
        ? '1 repeat is not one this app reads: its task is added without it.'
        : `${count(unreadRepeats)} repeats are not ones this app reads: their tasks are added without one.`),
  ].filter((line): line is string => Boolean(line))
}

export const IMPORT = {
  notKept: 'Not kept:',
  where: 'Open tasks go after your open tasks, finished ones after your finished ones.',
} as const
export const addTasks = (n: number) => `Add ${tasks(n)}`

/** The account line on the last import: `offline`, the server cannot answer now. */
export function importLine(imported: ImportState, offline: boolean): string {
  const { total, saved, refused, added, lists } = imported
  // Undone while it was being added: only those added so far were.
  if (imported.undone) return `Import undone: ${tasks(added)} removed.${listsStay(lists)}`
  const what = importedWhat(total, lists)
  if (saved + refused < total) {
    return offline
      ? `Imported ${what}. Offline: they are kept on this device and will be sent.`
      : `Importing ${tasks(total)}: ${count(saved)} saved…`
  }
  if (refused > 0) {
    const those = lists === 0 ? count(refused) : tasks(refused)
    return `Imported ${what}; ${those} ${refused === 1 && lists > 0 ? 'was' : 'were'} not saved.`
  }
  return `Imported ${what}.`
}
export const DISMISS = 'Dismiss'
