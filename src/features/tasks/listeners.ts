import { isAnyOf } from '@reduxjs/toolkit'
import { connectivityRestored, pageReturned } from '../../app/actions'
import type {
  AppAnyActionEffect,
  AppListenerEffect,
  AppStartListening,
} from '../../app/listenerMiddleware'
import type { OutboxWrite } from '../../services/types'
import { TASK_FIELDS, type Task } from '../../services/types'
import { FAILURE_MESSAGES } from './messages'
import {
  selectAllTasks,
  selectTaskById,
  tasksLoaded,
  tasksRefreshed,
  tasksSyncedFromOtherTab,
} from './tasksSlice'
import {
  taskAdded,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskRestored,
  taskTextSaved,
} from './taskEdits'

// Every write follows the state change and nobody waits for it: it is recorded in the outbox,
// which sends it, retries it and logs each failure with the spec's message; the list is never
// rolled back.

async function record(api: Parameters<AppListenerEffect<typeof taskAdded>>[1], write: OutboxWrite) {
  const { outbox, tabSync, logger } = api.extra
  tabSync.publish(
    write.kind === 'delete'
      ? { email: write.email, upserts: [], deletes: [write.id] }
      : { email: write.task.email, upserts: [write.task], deletes: [] },
  )
  try {
    await outbox.enqueue(write)
    // For `npm run bench`: from here the change survives the tab closing (README).
    performance.mark('todo:change-recorded')
  } catch (err) {
    logger.error(FAILURE_MESSAGES[write.kind], err)
  }
}

/** A new task, or a deleted one put back (Undo): an add of the whole document. */
const writeAddedTask: AppListenerEffect<typeof taskAdded | typeof taskRestored> = async (
  action,
  api,
) => {
  const task = selectTaskById(api.getState(), action.payload.id)
  // A refused add (bad text, an id already in the list) changed nothing and writes nothing.
  if (task === undefined || selectTaskById(api.getOriginalState(), task.id) !== undefined) return
  await record(api, { kind: 'add', task })
}

const writeUpdatedTask: AppListenerEffect<
  typeof taskMarkedDone | typeof taskMarkedIncomplete | typeof taskTextSaved
> = async (action, api) => {
  const id = typeof action.payload === 'string' ? action.payload : action.payload.id
  const before = selectTaskById(api.getOriginalState(), id)
  const after = selectTaskById(api.getState(), id)
  if (before === undefined || after === undefined || before === after) return
  // Only what this click changed is written: another device's change to another field stays.
  const fields = TASK_FIELDS.filter((field) => before[field] !== after[field])
  if (fields.length > 0) await record(api, { kind: 'update', task: after, fields })
}

const celebrateDoneTask: AppListenerEffect<typeof taskMarkedDone> = (action, api) => {
  if (selectTaskById(api.getOriginalState(), action.payload) === undefined) return
  api.extra.celebrate()
}

const writeDeletedTask: AppListenerEffect<typeof taskDeleted> = async (action, api) => {
  const task = selectTaskById(api.getOriginalState(), action.payload)
  if (task === undefined) return
  await record(api, { kind: 'delete', id: task.id, email: task.email })
}

/**
 * Keeps the shown list on the device for the next visit: at most every 300 ms during a burst
 * of changes, and never more than 300 ms behind (a debounce would starve during a long burst).
 */
function keepListOnDevice(): AppAnyActionEffect {
  let scheduled = false
  // What was kept last: a list that has not changed since (a refresh that brought nothing
  // new) is not written again.
  let kept: { owner: string; entities: Record<string, Task> } | null = null
  return async (_action, api) => {
    if (scheduled) return
    scheduled = true
    try {
      await api.delay(300)
    } finally {
      scheduled = false
    }
    const { owner, status, entities } = api.getState().tasks
    if (owner === null || status !== 'loaded') return
    if (kept?.owner === owner && kept.entities === entities) return
    kept = { owner, entities }
    await api.extra.listCache.put(owner, selectAllTasks(api.getState()))
  }
}

const retryWrites: AppListenerEffect<typeof connectivityRestored | typeof pageReturned> = (
  _action,
  api,
) => {
  api.extra.outbox.flushNow()
}

export function addTasksListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: taskAdded, effect: writeAddedTask })
  startAppListening({ actionCreator: taskRestored, effect: writeAddedTask })
  startAppListening({ actionCreator: taskMarkedDone, effect: writeUpdatedTask })
  startAppListening({ actionCreator: taskMarkedIncomplete, effect: writeUpdatedTask })
  startAppListening({ actionCreator: taskTextSaved, effect: writeUpdatedTask })
  startAppListening({ actionCreator: taskMarkedDone, effect: celebrateDoneTask })
  startAppListening({ actionCreator: taskDeleted, effect: writeDeletedTask })
  startAppListening({ actionCreator: connectivityRestored, effect: retryWrites })
  startAppListening({ actionCreator: pageReturned, effect: retryWrites })
  startAppListening({
    matcher: isAnyOf(
      tasksLoaded,
      tasksRefreshed,
      tasksSyncedFromOtherTab,
      taskAdded,
      taskMarkedDone,
      taskMarkedIncomplete,
      taskTextSaved,
      taskDeleted,
      taskRestored,
    ),
    effect: keepListOnDevice(),
  })
}
