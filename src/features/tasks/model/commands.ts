import type { AppThunk } from '../../../app/store'
import { placeAtEnd, placeAtTop, placeBetween, taskIn } from './ordering'
import {
  finishedTasksCleared,
  selectAllTasks,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskMoved,
  unsavedChangesRetried,
} from './tasksSlice'
import { retriedWrite } from '../saving/unsaved'

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
        ? taskMarkedIncomplete({ id, ...placeAtTop(list, id) })
        : taskMarkedDone({ id, ...placeAtEnd(list, id) }),
    )
  }

/** Delete: the action carries the task as it was, for its write and for Undo. */
export const taskDeleteClicked =
  (id: string): AppThunk =>
  (dispatch, getState) => {
    const task = taskIn(getState().tasks, id)
    if (task !== undefined) dispatch(taskDeleted(task))
  }

/** Clear finished: every finished task goes at once, and one Undo brings them all back. */
export const clearFinishedClicked = (): AppThunk => (dispatch, getState) => {
  const finished = selectAllTasks(getState()).filter((task) => task.isFinished)
  if (finished.length > 0) dispatch(finishedTasksCleared(finished))
}

/** Retry: the refused changes of `ids` are sent again. */
export const retryClicked =
  (ids: readonly string[]): AppThunk =>
  (dispatch, getState) => {
    const list = getState().tasks
    const writes = ids.flatMap((id) => retriedWrite(list, id) ?? [])
    if (writes.length > 0) dispatch(unsavedChangesRetried(writes))
  }

/**
 * A move (a drag, Alt+Arrow, the menu's Move up and Move down): the task goes just past
 * `pastId`, below it when it came from above, above it when from below, within its region
 * (open among open, finished among finished). Whether it moved.
 */
export const taskMovedPast =
  (id: string, pastId: string): AppThunk<boolean> =>
  (dispatch, getState) => {
    const list = getState().tasks
    const task = taskIn(list, id)
    const past = taskIn(list, pastId)
    if (!task || !past || id === pastId || task.isFinished !== past.isFinished) return false
    const others = list.ids.filter((other) => other !== id)
    const at = others.indexOf(pastId)
    const down = list.ids.indexOf(id) < list.ids.indexOf(pastId)
    const inRegion = (other: string | undefined) => {
      const neighbour = taskIn(list, other ?? '')
      return neighbour?.isFinished === task.isFinished ? neighbour : undefined
    }
    const [before, after] = down
      ? [past, inRegion(others[at + 1])]
      : [inRegion(others[at - 1]), past]
    dispatch(taskMoved({ id, ...placeBetween(before, after) }))
    return true
  }
