import { isObject, wrongShape, type FileTask, type ParseResult } from './types'

// Google Tasks, as Google Takeout exports it (Takeout/Tasks/Tasks.json): { kind:
// 'tasks#taskLists', items: [list] }, each list { id, title, items?: [task] }, each task
// { title, status: 'needsAction' | 'completed', deleted?, hidden?, notes?, due?, … }. Every
// list's tasks are taken, list after list, in the file's order; a task's notes and dates stay
// behind (a task here is its text).

/** Whether parsed JSON looks like Google Tasks' export. */
export const isTakeout = (file: Record<string, unknown>): boolean =>
  file.kind === 'tasks#taskLists' || (file.format === undefined && Array.isArray(file.items))

export function fromTakeout(file: Record<string, unknown>): ParseResult {
  if (!Array.isArray(file.items)) return wrongShape('it has no lists ("items")')
  const tasks: FileTask[] = []
  for (const [listIndex, list] of (file.items as unknown[]).entries()) {
    const which = `list ${String(listIndex + 1)}`
    if (!isObject(list)) return wrongShape(`${which} is not a list of tasks`)
    // A list without tasks has no items at all.
    const items = list.items ?? []
    if (!Array.isArray(items)) return wrongShape(`${which} has no tasks ("items")`)
    for (const [index, task] of (items as unknown[]).entries()) {
      if (!isObject(task)) return wrongShape(`task ${String(index + 1)} of ${which} is not a task`)
      const { title, status, deleted } = task
      if (status !== 'completed' && status !== 'needsAction') {
        return wrongShape(`task ${String(index + 1)} of ${which} has no status`)
      }
      tasks.push({
        text: typeof title === 'string' ? title : '',
        finished: status === 'completed',
        ...(deleted === true && { deleted: true }),
      })
    }
  }
  return { ok: true, format: 'takeout', tasks }
}
