import type { AppThunk } from '../../app/store'
import type { Task } from '../../services/types'
import { orderAtEnd, orderAtTop, taskIn } from './ordering'
import {
  finishedTasksCleared,
  selectAllTasks,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  unsavedChangesRetried,
} from './tasksSlice'
import { retriedWrite } from './unsaved'

// The row's clicks, made into events from the list the person saw: each action carries what
// its write needs (the new order, the deleted tasks), so the write follows the action.

/** The toggle: done goes to the end of the list, incomplete to the top (spec §4). */
export const taskToggled =
  (id: string): AppThunk =>
  (dispatch, getState) => {
    const list = getState().tasks
    const task = taskIn(list, id)
    if (task === undefined) return
    dispatch(
      task.isFinished
        ? taskMarkedIncomplete({ id, order: orderAtTop(list, id) })
        : taskMarkedDone({ id, order: orderAtEnd(list, id) }),
    )
  }

/** Delete; returns the task deleted, for Undo. */
export const taskDeleteClicked =
  (id: string): AppThunk<Task | undefined> =>
  (dispatch, getState) => {
    const task = taskIn(getState().tasks, id)
    if (task !== undefined) dispatch(taskDeleted(task))
    return task
  }

/** Clear finished; returns the tasks cleared, for Undo. */
export const clearFinishedClicked = (): AppThunk<Task[]> => (dispatch, getState) => {
  const finished = selectAllTasks(getState()).filter((task) => task.isFinished)
  if (finished.length > 0) dispatch(finishedTasksCleared(finished))
  return finished
}

/** Retry: the refused changes of `ids` are sent again. */
export const retryClicked =
  (ids: readonly string[]): AppThunk =>
  (dispatch, getState) => {
    const list = getState().tasks
    const writes = ids.flatMap((id) => retriedWrite(list, id) ?? [])
    if (writes.length > 0) dispatch(unsavedChangesRetried(writes))
  }
