import { MAX_LISTS } from '../../../services/taskDocument'
import { MAX_LIST_NAME_LENGTH, type ListEntry } from '../../../services/types'
import { listNameKey, listNameOf, MY_TASKS } from '../../lists'

// Which of the person's lists each list a file names becomes. Names match as a person reads
// them: one trimmed line, whatever the case ("work" is "Work"). "My tasks" (Google Tasks' own
// "My Tasks") is My tasks. A list the person has not got is made, while the 200 allow; the
// tasks of one past them go to My tasks.

/** A list name as an import keeps it: one trimmed line, cut to 100 characters; null: none. */
export function keptListName(raw: string): string | null {
  let name = raw.replace(/\s*[\r\n]+\s*/g, ' ').trim()
  if (name.length > MAX_LIST_NAME_LENGTH) {
    name = name.slice(0, MAX_LIST_NAME_LENGTH)
    // Never half of a character written as two code units.
    if (/[\uD800-\uDBFF]$/.test(name)) name = name.slice(0, -1)
  }
  return listNameOf(name)
}

const MY_TASKS_KEY = listNameKey(MY_TASKS)

/** One list a file names, besides My tasks, and where its tasks go. */
export type PlannedList =
  /** One of the person's: its own name and slot. */
  | { kind: 'yours'; name: string; id: string }
  /** Made by the import. */
  | { kind: 'new'; name: string }
  /** Past the 200: not made, its tasks go to My tasks. */
  | { kind: 'full'; name: string }

export interface ListPlan {
  /** In the file's order, each once. */
  lists: PlannedList[]
  /** The list named `raw`; null: My tasks (no name, nothing to see, or "My tasks"). */
  of(raw: string | undefined): PlannedList | null
}

export function planLists(names: Iterable<string>, yours: readonly ListEntry[]): ListPlan {
  const byKey = new Map<string, PlannedList>()
  for (const { id, name } of yours) {
    const key = listNameKey(keptListName(name) ?? name)
    // Two of the person's lists under one name: the first, in their order, takes the tasks.
    if (!byKey.has(key)) byKey.set(key, { kind: 'yours', name, id })
  }
  const keyOf = (raw: string | undefined) => {
    const name = raw === undefined ? null : keptListName(raw)
    const key = name === null ? MY_TASKS_KEY : listNameKey(name)
    return { name, key: key === MY_TASKS_KEY ? null : key }
  }
  const lists: PlannedList[] = []
  const planned = new Map<string, PlannedList>()
  let room = MAX_LISTS - yours.length
  for (const raw of names) {
    const { name, key } = keyOf(raw)
    if (name === null || key === null || planned.has(key)) continue
    const list: PlannedList = byKey.get(key) ?? { kind: room-- > 0 ? 'new' : 'full', name }
    planned.set(key, list)
    lists.push(list)
  }
  return {
    lists,
    of: (raw) => {
      const { key } = keyOf(raw)
      return key === null ? null : (planned.get(key) ?? null)
    },
  }
}
