import { createAction, type UnknownAction } from '@reduxjs/toolkit'
import type { AppThunk, RootState } from '../../app/store'
import { sameTaskFields, type LoadedTask, type Task } from '../../services/types'
import { selectShownAuthStatus } from '../auth/authSlice'
import { compareTasks, sortLoadedTasks } from './ordering'
import { taskAdded, taskEditsReducer } from './taskEdits'
import { normalizeTaskText } from './taskText'
import { initialTasksState, taskOf, withAll, type TasksState } from './tasksState'

/** The server's list came again (a refresh), merged with the writes still pending here. */
export const tasksRefreshed = createAction<
  { email: string; tasks: LoadedTask[] },
  'tasks/tasksRefreshed'
>('tasks/tasksRefreshed')

/** Whether `tasks` is exactly the list shown: checked before sorting 5,000 tasks for nothing. */
function unchanged(state: TasksState, tasks: readonly LoadedTask[]): boolean {
  if (tasks.length !== state.ids.length) return false
  for (const fresh of tasks) {
    const current = taskOf(state, fresh.id)
    if (current === undefined || (current !== fresh && !sameTaskFields(current, fresh)))
      return false
  }
  // The same tasks (ids are unique); shown in their sort order, as a refresh would place them.
  let before: Task | undefined
  for (const id of state.ids) {
    const after = taskOf(state, id)
    if (!after || (before && compareTasks(before, after) > 0)) return false
    before = after
  }
  return true
}

/**
 * The list again from the server (merged with this device's pending writes) while one is
 * shown: tasks that did not change keep their objects, and an unchanged list is the same
 * state, so a refresh that brings nothing new re-renders nothing and writes nothing.
 */
function refreshTasks(
  state: TasksState,
  { email, tasks }: ReturnType<typeof tasksRefreshed>['payload'],
): TasksState {
  if (state.owner !== email || state.status !== 'loaded') return state
  if (unchanged(state, tasks)) return state
  const sorted = sortLoadedTasks(tasks)
  let changed = sorted.length !== state.ids.length
  const entities: Record<string, Task> = {}
  const ids = sorted.map((fresh, index) => {
    const current = taskOf(state, fresh.id)
    const kept = current !== undefined && sameTaskFields(current, fresh) ? current : fresh
    if (kept !== current || state.ids[index] !== fresh.id) changed = true
    entities[fresh.id] = kept
    return fresh.id
  })
  return changed ? { ...state, entities, ids } : state
}

export const tasksLoadStarted = createAction<{ email: string }, 'tasks/tasksLoadStarted'>(
  'tasks/tasksLoadStarted',
)
export const tasksLoaded = createAction<
  { email: string; tasks: LoadedTask[] },
  'tasks/tasksLoaded'
>('tasks/tasksLoaded')
export const tasksRestored = createAction<{ email: string; tasks: Task[] }, 'tasks/tasksRestored'>(
  'tasks/tasksRestored',
)
export const tasksSyncedFromOtherTab = createAction<
  { email: string; upserts: Task[]; deletes: string[] },
  'tasks/tasksSyncedFromOtherTab'
>('tasks/tasksSyncedFromOtherTab')
export const tasksLoadFailed = createAction<{ email: string }, 'tasks/tasksLoadFailed'>(
  'tasks/tasksLoadFailed',
)
export const tasksCleared = createAction('tasks/tasksCleared')

function syncFromOtherTab(
  state: TasksState,
  { email, upserts, deletes }: ReturnType<typeof tasksSyncedFromOtherTab>['payload'],
): TasksState {
  if (state.owner !== email) return state
  const tasks = new Map(Object.entries(state.entities))
  for (const id of deletes) tasks.delete(id)
  for (const task of upserts) tasks.set(task.id, { ...tasks.get(task.id), ...task })
  return withAll(state, tasks.values())
}

/**
 * The tasks reducer: the load lifecycle here, a click's edits in taskEdits.ts. Every case
 * builds the new state by hand (no Immer: see app/slice.ts).
 */
export function tasksReducer(state = initialTasksState, action: UnknownAction): TasksState {
  if (tasksRefreshed.match(action)) return refreshTasks(state, action.payload)
  if (tasksLoadStarted.match(action)) {
    const { email } = action.payload
    // Another user's list is never shown while this one loads.
    const list = state.owner === email ? state : initialTasksState
    return { ...list, status: 'loading', owner: email }
  }
  if (tasksLoaded.match(action)) {
    const { email, tasks } = action.payload
    // A load answered after the user changed (or signed out) is someone else's list.
    if (state.owner !== email) return state
    return { ...withAll(state, sortLoadedTasks(tasks)), status: 'loaded' }
  }
  if (tasksRestored.match(action)) {
    const { email, tasks } = action.payload
    // The list kept on this device stands in only until the server answers.
    if (state.owner !== email || state.status !== 'loading') return state
    return withAll(state, tasks)
  }
  if (tasksSyncedFromOtherTab.match(action)) return syncFromOtherTab(state, action.payload)
  if (tasksLoadFailed.match(action)) {
    return state.owner === action.payload.email ? { ...state, status: 'failed' } : state
  }
  if (tasksCleared.match(action)) return initialTasksState
  return taskEditsReducer(state, action)
}

export const selectTaskIds = (state: RootState): string[] => state.tasks.ids
export const selectTaskById = (state: RootState, id: string): Task | undefined =>
  taskOf(state.tasks, id)

let allTasks: { tasks: TasksState | null; list: Task[] } = { tasks: null, list: [] }
/** The tasks in list order; the same array while the list has not changed. */
export function selectAllTasks(state: RootState): Task[] {
  const { tasks } = state
  if (allTasks.tasks?.ids !== tasks.ids || allTasks.tasks.entities !== tasks.entities) {
    allTasks = { tasks, list: tasks.ids.flatMap((id) => taskOf(tasks, id) ?? []) }
  }
  return allTasks.list
}

/**
 * What the list area can say when it has no rows: `empty` only once the list is known
 * (loaded, or nobody signed in); `pending` while sign-in or the load is still under way.
 */
export const selectListAvailability = (state: RootState): 'empty' | 'pending' | 'failed' => {
  if (state.tasks.status === 'loaded') return 'empty'
  if (state.tasks.status === 'failed') return 'failed'
  return selectShownAuthStatus(state) === 'signedOut' ? 'empty' : 'pending'
}

export type AddTaskOutcome =
  { kind: 'added'; id: string } | { kind: 'invalid' } | { kind: 'signedOut' }

/**
 * The form's submit. Blank or over-long text is refused quietly; with no signed-in
 * e-mail in session storage the spec's alert is shown and nothing is saved.
 */
export const taskSubmitted =
  (text: string): AppThunk<AddTaskOutcome> =>
  (dispatch, _getState, { session, alert, tasks }) => {
    const normalized = normalizeTaskText(text)
    if (normalized === null) return { kind: 'invalid' }
    const email = session.getUserEmail()
    if (!email) {
      alert('Please log in to add')
      return { kind: 'signedOut' }
    }
    const id = tasks.newId()
    dispatch(taskAdded({ id, task: normalized, email }))
    return { kind: 'added', id }
  }
