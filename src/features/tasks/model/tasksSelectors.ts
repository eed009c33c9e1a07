import { createSelector } from '@reduxjs/toolkit'
import type { RootState } from '../../../app/store'
import type { Task } from '../../../services/types'
import { selectShownAuthStatus } from '../../auth'
import { openCountOf, taskIn, type TaskList } from './ordering'
import { taskOf } from './taskTable'

/** The list as ordering.ts's functions take it (`placeAtEnd`, `taskIn`), for other features. */
export const selectTaskList = (state: RootState): TaskList => state.tasks
export const selectTaskIds = (state: RootState) => state.tasks.ids
/** The tasks by id (taskTable.ts `taskOf`). */
export const selectTaskTable = (state: RootState) => state.tasks.table
export const selectTaskById = (state: RootState, id: string): Task | undefined =>
  taskIn(state.tasks, id)
/** The tasks in list order; the same array while the list has not changed. */
export const selectAllTasks = createSelector([selectTaskIds, selectTaskTable], (ids, table) =>
  ids.map((id) => taskOf(table, id)).filter((task) => task !== undefined),
)
export const selectListOwner = (state: RootState) => state.tasks.owner
/** The server (or the device's cache) has answered the query for this owner's list. */
export const selectListLoaded = (state: RootState) => state.tasks.status === 'loaded'

/**
 * What the list area can say when it has no rows: `empty` only once the list is known (loaded,
 * or nobody signed in); `pending` while sign-in or the load is still under way, `late` once it
 * has taken long, `failed` while the query fails.
 */
export const selectListAvailability = (state: RootState): ListAvailability => {
  if (state.tasks.status === 'loaded') return 'empty'
  if (state.tasks.status === 'failed') return 'failed'
  if (selectShownAuthStatus(state) === 'signedOut') return 'empty'
  return state.tasks.late ? 'late' : 'pending'
}
export type ListAvailability = 'empty' | 'pending' | 'late' | 'failed'

/** How many tasks are open; said near the list ("3 open"). */
export const selectOpenCount = (state: RootState) => openCountOf(state.tasks)
export const selectFinishedCount = (state: RootState) =>
  state.tasks.ids.length - selectOpenCount(state)
