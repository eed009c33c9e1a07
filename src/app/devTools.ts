import type { DevToolsEnhancerOptions, UnknownAction } from '@reduxjs/toolkit'
import {
  finishedTasksCleared,
  importUndone,
  listDeleted,
  listRestored,
  tasksImported,
  tasksRestored,
  tasksSnapshotReceived,
  unsavedChangesRetried,
} from '../features/tasks'
import type { RootState } from './store'

// What Redux DevTools is sent. The extension serializes every action and the state after it:
// the bench's 5,000 tasks are about 980 kB of JSON, and each click then stalls the page and the
// extension.
// So, as Redux Toolkit's docs advise, big payloads and the task table go as a count, and the
// history is capped. Short lists, the ones a developer reads, go as they are.

/** The longest list sent as it is. */
export const LONG_LIST = 100

/** Actions kept for time travel; older ones are folded into the first state kept. */
export const DEVTOOLS_MAX_AGE = 50

const summary = (count: number, what: string) => `<<${String(count)} ${what}>>`

/** The actions whose payload is a list, and what it lists. */
const LIST_PAYLOADS: Readonly<Record<string, string>> = {
  [finishedTasksCleared.type]: 'tasks',
  [tasksRestored.type]: 'tasks',
  [tasksImported.type]: 'tasks',
  [importUndone.type]: 'tasks',
  [unsavedChangesRetried.type]: 'writes',
}

/** A first snapshot, Clear finished and its Undo, a Retry of many: their lists as a count. */
export function sanitizeAction(action: UnknownAction): UnknownAction {
  if (tasksSnapshotReceived.match(action)) {
    const { updates } = action.payload
    if (updates.length <= LONG_LIST) return action
    return {
      ...action,
      payload: { ...action.payload, updates: summary(updates.length, 'updates') },
    }
  }
  // A list's deletion and its Undo: the list as it is, its tasks as a count.
  if (listDeleted.match(action) || listRestored.match(action)) {
    const { tasks } = action.payload
    if (tasks.length <= LONG_LIST) return action
    return { ...action, payload: { ...action.payload, tasks: summary(tasks.length, 'tasks') } }
  }
  const what = LIST_PAYLOADS[action.type]
  if (what === undefined || !Array.isArray(action.payload)) return action
  if (action.payload.length <= LONG_LIST) return action
  return { ...action, payload: summary(action.payload.length, what) }
}

/** The task table and order, the refused changes and what Undo would bring back, when long. */
export function sanitizeState(state: RootState): unknown {
  const { tasks, undo } = state
  const unsaved = Object.keys(tasks.unsaved).length
  const { deleted, imported } = undo
  const counts = [tasks.ids.length, unsaved, deleted?.tasks.length ?? 0, imported?.ids.length ?? 0]
  if (counts.every((count) => count <= LONG_LIST)) return state
  const long = <T>(list: readonly T[], what: string) =>
    list.length > LONG_LIST ? summary(list.length, what) : list
  const count = summary(tasks.ids.length, 'tasks')
  return {
    ...state,
    tasks: {
      ...tasks,
      ...(tasks.ids.length > LONG_LIST && { ids: count, table: count }),
      ...(unsaved > LONG_LIST && { unsaved: summary(unsaved, 'unsaved changes') }),
    },
    undo: {
      ...undo,
      deleted: deleted && { ...deleted, tasks: long(deleted.tasks, 'tasks') },
      imported: imported && { ...imported, ids: long(imported.ids, 'ids') },
    },
  }
}

/** The store's options for Redux DevTools, when it is on. */
export const devToolsOptions: DevToolsEnhancerOptions = {
  maxAge: DEVTOOLS_MAX_AGE,
  // DevTools' types want the same type back; what is sent is only ever displayed.
  actionSanitizer: sanitizeAction as NonNullable<DevToolsEnhancerOptions['actionSanitizer']>,
  stateSanitizer: sanitizeState as NonNullable<DevToolsEnhancerOptions['stateSanitizer']>,
}
