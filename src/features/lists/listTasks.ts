import { createSelector } from '@reduxjs/toolkit'
import type { RootState } from '../../app/store'
import type { Task } from '../../services/types'
import { selectTaskIds, selectTaskTable, taskOf } from '../tasks'
import { selectLists, selectListsLoaded, selectShownList } from './listsSlice'

// Which tasks each list holds. A task is in its own list while the person has it; one naming a
// list that is gone (deleted on another device while the task was being moved there) shows in
// My tasks rather than nowhere. Before the lists have answered, a task is where it says.

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index])

export const selectKnownLists = createSelector(
  [selectLists, selectListsLoaded],
  (lists, loaded): ReadonlySet<string> | null =>
    loaded ? new Set(lists.map(({ id }) => id)) : null,
)

/** The list `task` shows in, by what is known of the person's lists. */
export const listOfTask = (task: Task, known: ReadonlySet<string> | null): string | null =>
  task.list !== null && (known === null || known.has(task.list)) ? task.list : null

/** The shown list's tasks in the person's order (open, then finished). */
export const selectShownListTaskIds = createSelector(
  [selectTaskIds, selectTaskTable, selectKnownLists, selectShownList],
  (ids, table, known, shown): readonly string[] => {
    // Most people have one list: every task is in it.
    if (known?.size === 0) return ids
    const inList = ids.filter((id) => {
      const task = taskOf(table, id)
      return task !== undefined && listOfTask(task, known) === shown
    })
    return inList.length === ids.length ? ids : inList
  },
  { memoizeOptions: { resultEqualityCheck: sameIds } },
)

const sameCounts = (a: ReadonlyMap<string | null, number>, b: ReadonlyMap<string | null, number>) =>
  a.size === b.size && [...a].every(([list, count]) => b.get(list) === count)

/** Open tasks per list (null: My tasks), for the switcher: the same map while the same counts. */
export const selectOpenCounts = createSelector(
  [selectTaskIds, selectTaskTable, selectKnownLists],
  (ids, table, known): ReadonlyMap<string | null, number> => {
    const counts = new Map<string | null, number>()
    for (const id of ids) {
      const task = taskOf(table, id)
      if (task === undefined || task.isFinished) continue
      const list = listOfTask(task, known)
      counts.set(list, (counts.get(list) ?? 0) + 1)
    }
    return counts
  },
  { memoizeOptions: { resultEqualityCheck: sameCounts } },
)

/** The name of the list each task shows in, where it is not My tasks (Today, Upcoming). */
export const selectListNameOfTask = (state: RootState, task: Task): string | null => {
  const list = listOfTask(task, selectKnownLists(state))
  return list === null ? null : (selectLists(state).find(({ id }) => id === list)?.name ?? null)
}
