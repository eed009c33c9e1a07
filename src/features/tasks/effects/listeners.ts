import type { AppListenerEffect, AppStartListening } from '../../../app/hooks'
import { authStateChanged, userSignedOut } from '../../auth'
import { followAccountStanding } from './deletedElsewhere'
import { deliverLegacyOutbox } from './legacyOutbox'
import {
  finishedTasksCleared,
  listDeleted,
  listRestored,
  repeatingTaskDone,
  repeatingTaskDoneUndone,
  selectTaskById,
  taskAdded,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskMoved,
  taskMovedToList,
  tasksRestored,
  taskTextSaved,
  unsavedChangesRetried,
  tasksCleared,
  tasksLoadFailed,
  tasksLoadLate,
  tasksLoadRetried,
  tasksLoadStarted,
  tasksSnapshotReceived,
} from '../model/tasksSlice'
import { fieldsSaved, normalizeTaskText } from '../model/listState'
import { writeDeletedList, writeRestoredList } from './listWrites'
import { sendAdd, sendAgain, sendDelete, sendLegacy, sendUpdate } from './send'
import { backoffDelay } from '../../../lib/helpers'

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

const writeMovedToList: AppListenerEffect<typeof taskMovedToList> = (action, api) => {
  const { id, list, order, rank } = action.payload
  sendUpdate(api, id, { list, order, rank }, selectTaskById(api.getState(), id)?.task ?? '')
}

/** The text, and the date and repeat only when the person changed them. */
const writeSavedText: AppListenerEffect<typeof taskTextSaved> = (action, api) => {
  const text = normalizeTaskText(action.payload.task)
  if (text !== null) {
    sendUpdate(api, action.payload.id, { task: text, ...fieldsSaved(action.payload) }, text)
  }
}

/** A repeating task ticked, or its tick undone: its due alone (it stays open, in its place). */
const writeMovedOn: AppListenerEffect<typeof repeatingTaskDone | typeof repeatingTaskDoneUndone> = (
  action,
  api,
) => {
  const { id, due } = action.payload
  sendUpdate(api, id, { due }, selectTaskById(api.getState(), id)?.task ?? '')
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

const celebrateDoneTask: AppListenerEffect<typeof taskMarkedDone | typeof repeatingTaskDone> = (
  _action,
  api,
) => {
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
  startAppListening({ actionCreator: listDeleted, effect: writeDeletedList })
  startAppListening({ actionCreator: listRestored, effect: writeRestoredList })
  startAppListening({ actionCreator: taskMarkedDone, effect: writeToggledTask })
  startAppListening({ actionCreator: taskMarkedIncomplete, effect: writeToggledTask })
  startAppListening({ actionCreator: taskMoved, effect: writeMovedTask })
  startAppListening({ actionCreator: taskMovedToList, effect: writeMovedToList })
  startAppListening({ actionCreator: taskTextSaved, effect: writeSavedText })
  startAppListening({ actionCreator: taskDeleted, effect: writeDeletedTask })
  startAppListening({ actionCreator: finishedTasksCleared, effect: writeClearedTasks })
  startAppListening({ actionCreator: unsavedChangesRetried, effect: writeRetriedChanges })
  startAppListening({ actionCreator: repeatingTaskDone, effect: writeMovedOn })
  startAppListening({ actionCreator: repeatingTaskDoneUndone, effect: writeMovedOn })
  startAppListening({ actionCreator: taskMarkedDone, effect: celebrateDoneTask })
  startAppListening({ actionCreator: repeatingTaskDone, effect: celebrateDoneTask })
  startAppListening({ actionCreator: authStateChanged, effect: followTasks })
  startAppListening({ actionCreator: authStateChanged, effect: deliverLegacyOutbox(sendLegacy) })
  startAppListening({ actionCreator: authStateChanged, effect: followAccountStanding })
  startAppListening({ actionCreator: userSignedOut, effect: clearDevice })
}

/** Logged; the person sees "cannot be reached" until it is back. */
export const LOAD_FAILURE_MESSAGE = 'Error loading tasks'
export const LIST_LATE_MS = 15_000

/** One live query (`email ==` theirs) until the next sign-in change. */
export const followTasks: AppListenerEffect<typeof authStateChanged> = async (action, api) => {
  api.cancelActiveListeners()
  const email = action.payload?.email
  if (!email) {
    api.dispatch(tasksCleared())
    return
  }
  api.dispatch(tasksLoadStarted({ email }))
  const retryPressed = () => api.take(tasksLoadRetried.match).then(() => true)
  for (let attempt = 1; ; attempt++) {
    const late = api.fork(async (fork) => {
      await fork.delay(LIST_LATE_MS)
      api.dispatch(tasksLoadLate({ email }))
    })
    let stop: () => void = () => undefined
    let retried = false
    try {
      await api.pause(
        Promise.race([
          new Promise<never>((_resolve, reject) => {
            stop = api.extra.tasks.watch(
              email,
              (snapshot) => api.dispatch(tasksSnapshotReceived({ email, ...snapshot })),
              reject,
            )
          }),
          retryPressed().then(() => (retried = true)),
        ]),
      )
    } catch (err) {
      if (api.signal.aborted) return
      api.extra.logger.error(LOAD_FAILURE_MESSAGE, err)
      api.dispatch(tasksLoadFailed({ email }))
    } finally {
      late.cancel()
      stop()
    }
    // On Retry at once, on a new connection: an answer can be lost on the way and never come.
    retried ||= await api.pause(
      Promise.race([api.delay(backoffDelay(attempt)).then(() => false), retryPressed()]),
    )
    if (retried) {
      attempt = 0
      await api.pause(api.extra.tasks.reconnect())
    }
  }
}
