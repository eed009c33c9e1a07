import type { AppListenerEffect, AppStartListening } from '../../app/listenerMiddleware'
import type { Task, TaskChanges } from '../../services/types'
import { authStateChanged, userSignedOut } from '../auth/authSlice'
import { followTasks } from './liveQuery'
import {
  finishedTasksCleared,
  selectTaskById,
  taskAdded,
  taskDeleted,
  taskHoldEnded,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskSaveFailed,
  tasksRestored,
  taskTextSaved,
} from './tasksSlice'
import { deliverLegacyOutbox } from './legacyOutbox'
import { addTask, deleteTask, updateTask } from './writes'

// Every write follows the change in the list and nobody waits for it (spec §4); a refusal is
// said, and the list is never rolled back at that moment.

const writeAddedTask: AppListenerEffect<typeof taskAdded> = (action, api) => {
  const task = selectTaskById(api.getState(), action.payload.id)
  // An add the reducer refused (another owner, an id already there) writes nothing.
  if (task !== undefined && selectTaskById(api.getOriginalState(), task.id) === undefined) {
    addTask(api, task)
  }
}

/** Undo: the deleted tasks are written back whole, with their ids. */
const writeRestoredTasks: AppListenerEffect<typeof tasksRestored> = (action, api) => {
  for (const { id } of action.payload) {
    const task = selectTaskById(api.getState(), id)
    if (task !== undefined && selectTaskById(api.getOriginalState(), id) === undefined) {
      addTask(api, task)
    }
  }
}

/** Only the fields this click changed are written: another device's change to others stays. */
const writeUpdatedTask: AppListenerEffect<
  typeof taskMarkedDone | typeof taskMarkedIncomplete | typeof taskTextSaved
> = (action, api) => {
  const id = typeof action.payload === 'string' ? action.payload : action.payload.id
  const before = selectTaskById(api.getOriginalState(), id)
  const after = selectTaskById(api.getState(), id)
  if (before === undefined || after === undefined || before === after) return
  const changes: TaskChanges = {}
  for (const field of Object.keys(after) as (keyof Task)[]) {
    if (field !== 'id' && field !== 'email' && before[field] !== after[field]) {
      Object.assign(changes, { [field]: after[field] })
    }
  }
  updateTask(api, id, changes, after.task)
}

const writeDeletedTask: AppListenerEffect<typeof taskDeleted> = (action, api) => {
  const task = selectTaskById(api.getOriginalState(), action.payload)
  if (task !== undefined) deleteTask(api, task.id, task.task)
}

const writeClearedTasks: AppListenerEffect<typeof finishedTasksCleared> = (_action, api) => {
  const before = api.getOriginalState().tasks.entities
  for (const task of Object.values(before)) {
    if (selectTaskById(api.getState(), task.id) === undefined) deleteTask(api, task.id, task.task)
  }
}

/** How long a refused write's row stays as the person left it, while the refusal is said. */
export const HOLD_MS = 10_000

/** Then the row follows the server again, as every other device's does. */
const endHold: AppListenerEffect<typeof taskSaveFailed> = async (action, api) => {
  await api.delay(HOLD_MS)
  api.dispatch(taskHoldEnded(action.payload.id))
}

const celebrateDoneTask: AppListenerEffect<typeof taskMarkedDone> = (action, api) => {
  const before = selectTaskById(api.getOriginalState(), action.payload)
  if (before !== undefined && !before.isFinished) api.extra.celebrate()
}

/**
 * Signed out on purpose (a shared computer): once everything reached the server, nothing of
 * theirs stays on this device. Changes that have not stay, for their next sign-in here; and
 * while anyone's do, the device's database stays (clearing it would lose them).
 */
const clearDevice: AppListenerEffect<typeof userSignedOut> = async (action, api) => {
  const { email, unsavedLeft } = action.payload
  const { unsentOwners, tasks, logger } = api.extra
  if (unsavedLeft) {
    unsentOwners.add(email)
    return
  }
  unsentOwners.remove(email)
  if (unsentOwners.others(email)) return
  try {
    await tasks.clearDevice()
  } catch (err) {
    logger.warn('The tasks kept on this device could not be removed', err)
  }
}

export function addTasksListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: taskAdded, effect: writeAddedTask })
  startAppListening({ actionCreator: tasksRestored, effect: writeRestoredTasks })
  startAppListening({ actionCreator: taskMarkedDone, effect: writeUpdatedTask })
  startAppListening({ actionCreator: taskMarkedIncomplete, effect: writeUpdatedTask })
  startAppListening({ actionCreator: taskTextSaved, effect: writeUpdatedTask })
  startAppListening({ actionCreator: taskDeleted, effect: writeDeletedTask })
  startAppListening({ actionCreator: finishedTasksCleared, effect: writeClearedTasks })
  startAppListening({ actionCreator: taskSaveFailed, effect: endHold })
  startAppListening({ actionCreator: taskMarkedDone, effect: celebrateDoneTask })
  startAppListening({ actionCreator: authStateChanged, effect: followTasks })
  startAppListening({ actionCreator: authStateChanged, effect: deliverLegacyOutbox })
  startAppListening({ actionCreator: userSignedOut, effect: clearDevice })
}
