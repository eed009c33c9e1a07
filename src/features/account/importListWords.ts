import { MAX_LISTS } from '../../services/taskDocument'
import { MY_TASKS } from '../lists'
import type { ImportPreview } from './formats/preview'
import { count, tasks } from './words'

// What the Import dialog and the account line say of the lists a file names: where its tasks
// go, which lists it makes, and which it cannot. A file naming none says nothing new.

export const LISTS_TITLE = 'Where they go:'

const KIND = { new: 'new list', yours: 'your list' } as const

/** Each list the tasks go to, My tasks first; none when no list is named (all go to My tasks). */
export function listItems({ lists, myTasks }: ImportPreview): string[] {
  if (lists.length === 0) return []
  return [
    ...(myTasks > 0 ? [`${MY_TASKS}: ${tasks(myTasks)}`] : []),
    ...lists.flatMap(({ kind, name, tasks: n }) =>
      kind === 'full' ? [] : [`${name} (${KIND[kind]}): ${n === 0 ? 'no tasks' : tasks(n)}`],
    ),
  ]
}

/** “A”, “B” and “C”; past three, “A”, “B”, “C” and 4 more. */
function quoted(names: readonly string[]): string {
  const shown = names.slice(0, names.length > 3 ? 3 : names.length).map((name) => `“${name}”`)
  const last = names.length > 3 ? `${count(names.length - 3)} more` : shown.pop()
  return shown.length === 0 ? (last ?? '') : `${shown.join(', ')} and ${last ?? ''}`
}

/** The lists past the person's 200: not made, their tasks go to My tasks. */
export function fullLine({ lists }: ImportPreview): string | null {
  const full = lists.filter(({ kind }) => kind === 'full')
  if (full.length === 0) return null
  const n = full.reduce((sum, list) => sum + list.tasks, 0)
  const which =
    full.length === 1
      ? `${quoted(full.map(({ name }) => name))} is not made`
      : `${count(full.length)} lists are not made (${quoted(full.map(({ name }) => name))})`
  const where =
    n === 0
      ? ''
      : `: ${full.length === 1 ? 'its' : 'their'} ${tasks(n)} go${n === 1 ? 'es' : ''} to ${MY_TASKS}`
  return `At most ${count(MAX_LISTS)} lists can be kept, so ${which}${where}.`
}

/** What the import brought: its tasks, and the lists it made. */
export function importedWhat(total: number, lists: number): string {
  if (lists === 0) return tasks(total)
  return `${tasks(total)} and ${lists === 1 ? '1 new list' : `${count(lists)} new lists`}`
}

/** After an Undo: the lists it made stay (a list is deleted only by its person, and asks first). */
export const listsStay = (lists: number): string =>
  lists === 0 ? '' : lists === 1 ? ' Its new list stays.' : ` Its ${count(lists)} new lists stay.`
