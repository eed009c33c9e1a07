import { isDue } from '../../../services/taskDocument'
import {
  hasText,
  isObject,
  wrongShape,
  type FileTask,
  type ParseResult,
  type TaskExtras,
} from './types'

// Google Takeout's Tasks/Tasks.json: { kind: 'tasks#taskLists', items: [list] }, each list
// { id, title, items?: [task] }, each task { title, status: 'needsAction' | 'completed', deleted?,
// hidden?, notes?, due?, parent?, links?, … }. Each list is named, so it becomes one of the
// person's by its title (listPlan.ts; the default "My Tasks" is My tasks). Notes, links and
// nesting stay behind, and the preview says so (TaskExtras). A `hidden` task is a finished one
// cleared from view there: it comes as finished, and the preview says how many. A task with
// notes and no title: Google Tasks shows its notes, so they become its text (leaving it out would
// lose them). Its due is RFC 3339 at midnight UTC, "2026-12-03T00:00:00.000Z", whose date is the
// day Google Tasks shows (it keeps no time): that day is its due, the same day in every zone.

export const isTakeout = (file: Record<string, unknown>): boolean =>
  file.kind === 'tasks#taskLists' || (file.format === undefined && Array.isArray(file.items))

function extrasOf(task: Record<string, unknown>, notesAsText: boolean) {
  const extras: TaskExtras = {}
  if (notesAsText) extras.notesAsText = true
  else if (hasText(task.notes)) extras.notes = true
  if (hasText(task.parent)) extras.subtask = true
  if (Array.isArray(task.links) && task.links.length > 0) extras.links = true
  return extras
}

/** The day of a Takeout due; undefined for none, null for one that cannot be read. */
function dueOf(due: unknown): string | null | undefined {
  if (!hasText(due)) return undefined
  const day = /^\s*(\d{4}-\d{2}-\d{2})(?:T|\s*$)/.exec(due)?.[1]
  return day && isDue(day) ? day : null
}

export function fromTakeout(file: Record<string, unknown>): ParseResult {
  if (!Array.isArray(file.items)) return wrongShape('it has no lists ("items")')
  const tasks: FileTask[] = []
  const lists: string[] = []
  for (const [listIndex, list] of (file.items as unknown[]).entries()) {
    const which = `list ${String(listIndex + 1)}`
    if (!isObject(list)) return wrongShape(`${which} is not a list of tasks`)
    const name = typeof list.title === 'string' ? list.title : ''
    lists.push(name)
    // A list without tasks has no `items`.
    const items = list.items ?? []
    if (!Array.isArray(items)) return wrongShape(`${which} has no tasks ("items")`)
    for (const [index, task] of (items as unknown[]).entries()) {
      if (!isObject(task)) return wrongShape(`task ${String(index + 1)} of ${which} is not a task`)
      const { title, notes, status, deleted } = task
      if (status !== 'completed' && status !== 'needsAction') {
        return wrongShape(`task ${String(index + 1)} of ${which} has no status`)
      }
      const notesAsText = !hasText(title) && hasText(notes)
      const due = dueOf(task.due)
      tasks.push({
        text: notesAsText ? notes : typeof title === 'string' ? title : '',
        finished: status === 'completed',
        ...(deleted === true && { deleted: true }),
        // Only a finished task is cleared from view; one marked hidden but open stays open.
        ...(task.hidden === true && status === 'completed' && { hidden: true }),
        extras: extrasOf(task, notesAsText),
        list: name,
        ...(due && { fields: { due } }),
        ...(due === null && { date: 'unread' as const }),
      })
    }
  }
  return { ok: true, format: 'takeout', tasks, unreadLines: [], lists }
}
