import type { AppListenerEffect, AppStartListening } from '../../app/listenerMiddleware'
import {
  selectTaskById,
  taskAdded,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskTextSaved,
} from './tasksSlice'

// Every write follows the state change and is not awaited by anyone: a failure is
// logged with the spec's message and the list is left as the user made it.

const writeAddedTask: AppListenerEffect<typeof taskAdded> = async (action, api) => {
  const task = selectTaskById(api.getState(), action.payload.id)
  // A refused add (bad text, an id already in the list) changed nothing and writes nothing.
  if (task === undefined || selectTaskById(api.getOriginalState(), task.id) !== undefined) return
  const { tasks, logger } = api.extra
  try {
    await tasks.add(task)
  } catch (err) {
    logger.error('Error adding document', err)
  }
}

const writeUpdatedTask: AppListenerEffect<
  typeof taskMarkedDone | typeof taskMarkedIncomplete | typeof taskTextSaved
> = async (action, api) => {
  const id = typeof action.payload === 'string' ? action.payload : action.payload.id
  const before = selectTaskById(api.getOriginalState(), id)
  const after = selectTaskById(api.getState(), id)
  if (before === undefined || after === undefined || before === after) return
  const { tasks, logger } = api.extra
  try {
    await tasks.update(id, after)
  } catch (err) {
    logger.error('Error updating document', err)
  }
}

const celebrateDoneTask: AppListenerEffect<typeof taskMarkedDone> = (action, api) => {
  if (selectTaskById(api.getOriginalState(), action.payload) === undefined) return
  api.extra.celebrate()
}

const writeDeletedTask: AppListenerEffect<typeof taskDeleted> = async (action, api) => {
  if (selectTaskById(api.getOriginalState(), action.payload) === undefined) return
  const { tasks, logger } = api.extra
  try {
    await tasks.delete(action.payload)
  } catch (err) {
    logger.error('Error deleting document', err)
  }
}

export function addTasksListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: taskAdded, effect: writeAddedTask })
  startAppListening({ actionCreator: taskMarkedDone, effect: writeUpdatedTask })
  startAppListening({ actionCreator: taskMarkedIncomplete, effect: writeUpdatedTask })
  startAppListening({ actionCreator: taskTextSaved, effect: writeUpdatedTask })
  startAppListening({ actionCreator: taskMarkedDone, effect: celebrateDoneTask })
  startAppListening({ actionCreator: taskDeleted, effect: writeDeletedTask })
}
