import type { AppListenerEffect, AppStartListening } from '../../../app/hooks'
import { authStateChanged, userSignedOut } from '../../auth'
import { followAccountMark } from './deletedElsewhere'
import { deliverLegacyOutbox } from './legacyOutbox'
import { followTasks } from './liveQuery'
import {
  finishedTasksCleared,
  selectTaskById,
  taskAdded,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskMoved,
  tasksRestored,
  taskTextSaved,
  unsavedChangesRetried,
} from '../model/tasksSlice'
import { normalizeTaskText } from '../model/taskText'
import { sendAdd, sendAgain, sendDelete, sendUpdate } from './writes'

// Writes follow the action's payload, never a state diff (DevTools time travel), and nobody
// waits for them (spec §4). A refusal is said; the list is never rolled back.

const writeAddedTask: AppListenerEffect<typeof taskAdded> = (action, api) => {
  sendAdd(api, action.payload)
}

const writeRestoredTasks: AppListenerEffect<typeof tasksRestored> = (action, api) => {
  for (const task of action.payload) sendAdd(api, task)
}

/** Only the fields this click changed are written: another device's change to others stays. */
const writeToggledTask: AppListenerEffect<typeof taskMarkedDone | typeof taskMarkedIncomplete> = (
  action,
  api,
) => {
  const { id, order, rank } = action.payload
  const text = selectTaskById(api.getState(), id)?.task ?? ''
  sendUpdate(api, id, { isFinished: taskMarkedDone.match(action), order, rank }, text)
}

const writeMovedTask: AppListenerEffect<typeof taskMoved> = (action, api) => {
  const { id, order, rank } = action.payload
  sendUpdate(api, id, { order, rank }, selectTaskById(api.getState(), id)?.task ?? '')
}

const writeSavedText: AppListenerEffect<typeof taskTextSaved> = (action, api) => {
  const text = normalizeTaskText(action.payload.task)
  if (text !== null) sendUpdate(api, action.payload.id, { task: text }, text)
}

const writeDeletedTask: AppListenerEffect<typeof taskDeleted> = (action, api) => {
  const task = action.payload
  sendDelete(api, task.id, task.task, task)
}

const writeClearedTasks: AppListenerEffect<typeof finishedTasksCleared> = (action, api) => {
  for (const task of action.payload) sendDelete(api, task.id, task.task, task)
}

const writeRetriedChanges: AppListenerEffect<typeof unsavedChangesRetried> = (action, api) => {
  for (const write of action.payload) sendAgain(api, write)
}

const celebrateDoneTask: AppListenerEffect<typeof taskMarkedDone> = (_action, api) => {
  api.extra.celebrate()
}

/** The device keeps only unsent changes, for the next sign-in here (docs/sync.md). */
const clearDevice: AppListenerEffect<typeof userSignedOut> = async (action, api) => {
  try {
    await api.extra.tasks.clearDevice({ dropUnsent: action.payload.accountDeleted === true })
  } catch (err) {
    api.extra.logger.warn('The tasks kept on this device could not be removed', err)
  }
}

export function addTasksListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: taskAdded, effect: writeAddedTask })
  startAppListening({ actionCreator: tasksRestored, effect: writeRestoredTasks })
  startAppListening({ actionCreator: taskMarkedDone, effect: writeToggledTask })
  startAppListening({ actionCreator: taskMarkedIncomplete, effect: writeToggledTask })
  startAppListening({ actionCreator: taskMoved, effect: writeMovedTask })
  startAppListening({ actionCreator: taskTextSaved, effect: writeSavedText })
  startAppListening({ actionCreator: taskDeleted, effect: writeDeletedTask })
  startAppListening({ actionCreator: finishedTasksCleared, effect: writeClearedTasks })
  startAppListening({ actionCreator: unsavedChangesRetried, effect: writeRetriedChanges })
  startAppListening({ actionCreator: taskMarkedDone, effect: celebrateDoneTask })
  startAppListening({ actionCreator: authStateChanged, effect: followTasks })
  startAppListening({ actionCreator: authStateChanged, effect: deliverLegacyOutbox })
  startAppListening({ actionCreator: authStateChanged, effect: followAccountMark })
  startAppListening({ actionCreator: userSignedOut, effect: clearDevice })
}
