import type { AppThunk } from '../../../app/store'
import { newTask } from '../../../services/taskDocument'
import { selectCurrentUser } from '../../auth'
import { placeAfterLastOpen, placeAtEnd, placeAtTop, placeBetween, taskIn } from './ordering'
import {
  finishedTasksCleared,
  repeatingTaskDone,
  selectAllTasks,
  taskAdded,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskMoved,
  taskMovedToList,
  taskTextSaved,
  unsavedChangesDiscarded,
  unsavedChangesRetried,
} from './tasksSlice'
import { retriedWrite } from '../saving/unsaved'
import { normalizeTaskText } from './listState'

// The tasks' commands, one home: what a click asks, made into the event it is (each carries
// what its write needs: the new order, the deleted tasks). Components dispatch these, never
// the events themselves.

/** A repeating task's next due: model/recurrence.ts's, which the rows bring after the first paint. */
export type NextDue = (repeat: string, due: string | null, today: string) => string | null

/**
 * Done goes to the end of the list, incomplete to the top (spec §4). A repeating task is not
 * done for good: it stays open in its place, due on its next occurrence, worked out from the
 * task and the day as the person saw them. One whose rule has no day left (every 31 February,
 * from a file) is done as any other, keeping its date.
 */
export const toggleTask =
  (id: string, nextDue: NextDue): AppThunk =>
  (dispatch, getState) => {
    const { tasks: list, day } = getState()
    const task = taskIn(list, id)
    if (task === undefined) return
    const due =
      task.repeat !== null && !task.isFinished && nextDue(task.repeat, task.due, day.today)
    if (typeof due === 'string') {
      dispatch(repeatingTaskDone({ id, due, was: task.due }))
      return
    }
    dispatch(
      task.isFinished
        ? taskMarkedIncomplete({ id, ...placeAtTop(list, id) })
        : taskMarkedDone({ id, ...placeAtEnd(list, id) }),
    )
  }

/** Delete: the action carries the task as it was, for its write and for Undo. */
export const deleteTask =
  (id: string): AppThunk =>
  (dispatch, getState) => {
    const task = taskIn(getState().tasks, id)
    if (task !== undefined) dispatch(taskDeleted(task))
  }

/** Clear finished: every finished task goes at once, and one Undo brings them all back. */
/** The finished tasks of `ids` (the list shown), by default all, go; one Undo brings them back. */
export const clearFinished =
  (ids?: readonly string[]): AppThunk =>
  (dispatch, getState) => {
    const among = ids && new Set(ids)
    const finished = selectAllTasks(getState()).filter(
      (task) => task.isFinished && (among === undefined || among.has(task.id)),
    )
    if (finished.length > 0) dispatch(finishedTasksCleared(finished))
  }

export const retryChanges =
  (ids: readonly string[]): AppThunk =>
  (dispatch, getState) => {
    const list = getState().tasks
    const writes = ids.flatMap((id) => retriedWrite(list, id) ?? [])
    if (writes.length > 0) dispatch(unsavedChangesRetried(writes))
  }

/** Discard: the refused changes of `ids` are dropped; their tasks show what the server holds. */
export const discardChanges =
  (ids: string[]): AppThunk =>
  (dispatch) => {
    dispatch(unsavedChangesDiscarded(ids))
  }

/**
 * Edit's 'Save changes'. The text is saved even when it is the same: a change the server refused
 * is sent again. `due` and `repeat` only when the person changed them (null: cleared, stopped),
 * so another device's stay.
 */
export const editTask =
  (id: string, text: string, due?: string | null, repeat?: string | null): AppThunk =>
  (dispatch) => {
    dispatch(
      taskTextSaved({
        id,
        task: text,
        ...(due !== undefined && { due }),
        ...(repeat !== undefined && { repeat }),
      }),
    )
  }

/** The task goes just past `pastId`, within its region. Whether it moved. */
export const moveTask =
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

/**
 * The task goes to list `list` (null: My tasks) with its text, state and date, placed there as
 * the spec places a task: an open one after the last open task, a finished one at the end.
 */
export const moveTaskToList =
  (id: string, list: string | null): AppThunk<boolean> =>
  (dispatch, getState) => {
    const tasks = getState().tasks
    const task = taskIn(tasks, id)
    if (task === undefined || task.list === list) return false
    const place = task.isFinished ? placeAtEnd(tasks, id) : placeAfterLastOpen(tasks)
    dispatch(taskMovedToList({ id, list, ...place }))
    return true
  }

export type AddTaskOutcome =
  { kind: 'added'; id: string; text: string } | { kind: 'invalid' } | { kind: 'signedOut' }

/**
 * The spec's guard is the session e-mail, but the owner is always the signed-in Firebase user.
 * `due`: a date the person typed with the text and kept (model/parseDue.ts); `repeat`: a
 * repeat typed with it (model/readRepeat.ts), `due` then being its first date.
 */
export const addTask =
  (
    text: string,
    due: string | null = null,
    repeat: string | null = null,
    list: string | null = null,
  ): AppThunk<AddTaskOutcome> =>
  (dispatch, getState, { session, alert }) => {
    const normalized = normalizeTaskText(text)
    if (normalized === null) return { kind: 'invalid' }
    const owner = selectCurrentUser(getState())?.email
    if (!session.getUserEmail() || !owner) {
      alert('Please log in to add')
      return { kind: 'signedOut' }
    }
    const place = placeAfterLastOpen(getState().tasks)
    const { id } = dispatch(
      taskAdded(newTask({ task: normalized, email: owner, due, repeat, list, ...place })),
    ).payload
    return { kind: 'added', id, text: normalized }
  }
