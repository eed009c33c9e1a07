import { createAction, type UnknownAction } from '@reduxjs/toolkit'
import type { AppThunk, RootState } from '../../app/store'
import type { LoadedTask, Task } from '../../services/types'
import { selectShownAuthStatus } from '../auth/authSlice'
import {
  compareTasks,
  orderAfterLastOpen,
  orderAtEnd,
  orderAtTop,
  sortLoadedTasks,
} from './ordering'
import { normalizeTaskText } from './taskText'

export type TasksStatus = 'idle' | 'loading' | 'loaded' | 'failed'

interface TasksListState {
  status: TasksStatus
  /** The e-mail whose tasks the list holds or is loading. */
  owner: string | null
}

/** The ids array is the list, in display order; `order` is what reproduces it after a load. */
export interface TasksState extends TasksListState {
  ids: string[]
  entities: Record<string, Task>
}

const initialState: TasksState = { ids: [], entities: {}, status: 'idle', owner: null }

const othersInOrder = (state: TasksState, id: string): Task[] =>
  state.ids.flatMap((other) => {
    const task = state.entities[other]
    return other === id || task === undefined ? [] : [task]
  })

/** The task with this id; ids such as `constructor` are not found on the table's prototype. */
const taskOf = (state: TasksState, id: string): Task | undefined =>
  Object.hasOwn(state.entities, id) ? state.entities[id] : undefined

/** The ids of `others` (in order) with `task` placed where its order sorts it. */
function placed(others: readonly Task[], task: Task): string[] {
  const ids = others.map((other) => other.id)
  let index = others.length
  while (index > 0) {
    const before = others[index - 1]
    if (before === undefined || compareTasks(before, task) <= 0) break
    index--
  }
  ids.splice(index, 0, task.id)
  return ids
}

/** `state` with `task` (new or changed) stored and placed where its order sorts it. */
const withTask = (state: TasksState, task: Task, others: readonly Task[]): TasksState => ({
  ...state,
  entities: { ...state.entities, [task.id]: task },
  ids: placed(others, task),
})

/** Sets `isFinished` and gives the task the order `orderFor` picks, moving it there. */
function moveTask(
  state: TasksState,
  id: string,
  isFinished: boolean,
  orderFor: (others: Task[]) => number,
): TasksState {
  const task = taskOf(state, id)
  if (task === undefined) return state
  const others = othersInOrder(state, id)
  const order = orderFor(others)
  // Unchanged stays the same state: the listeners write nothing then.
  if (task.isFinished === isFinished && task.order === order) return state
  return withTask(state, { ...task, isFinished, order }, others)
}

// The actions of a click on one task. Their reducers (tasksReducer, below) build the new state
// by hand instead of through Immer: at 5,000 tasks, Immer's copy of the entity table and its
// walk over every entity when finishing the draft cost about 3 ms a click (measured with
// `npm run bench -- --profile`), a fifth of a frame.
export const taskAdded = createAction<
  { id: string; task: string; email: string },
  'tasks/taskAdded'
>('tasks/taskAdded')
export const taskMarkedDone = createAction<string, 'tasks/taskMarkedDone'>('tasks/taskMarkedDone')
export const taskMarkedIncomplete = createAction<string, 'tasks/taskMarkedIncomplete'>(
  'tasks/taskMarkedIncomplete',
)
export const taskDeleted = createAction<string, 'tasks/taskDeleted'>('tasks/taskDeleted')
export const taskTextSaved = createAction<{ id: string; task: string }, 'tasks/taskTextSaved'>(
  'tasks/taskTextSaved',
)
/** Undo of a delete: the task comes back as it was (same id, text, state and order). */
export const taskRestored = createAction<Task, 'tasks/taskRestored'>('tasks/taskRestored')
/** The server's list came again (a refresh), merged with the writes still pending here. */
export const tasksRefreshed = createAction<
  { email: string; tasks: LoadedTask[] },
  'tasks/tasksRefreshed'
>('tasks/tasksRefreshed')

function addTask(state: TasksState, { id, task, email }: ReturnType<typeof taskAdded>['payload']) {
  const text = normalizeTaskText(task)
  if (text === null || taskOf(state, id) !== undefined) return state
  const others = othersInOrder(state, id)
  const order = orderAfterLastOpen(others)
  return withTask(state, { id, task: text, isFinished: false, email, order }, others)
}

function deleteTask(state: TasksState, id: string): TasksState {
  if (taskOf(state, id) === undefined) return state
  const entities = { ...state.entities }
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a copy made just above
  delete entities[id]
  return { ...state, entities, ids: state.ids.filter((other) => other !== id) }
}

function restoreTask(state: TasksState, task: Task): TasksState {
  if (state.owner !== task.email || taskOf(state, task.id) !== undefined) return state
  return withTask(state, task, othersInOrder(state, task.id))
}

function saveTaskText(
  state: TasksState,
  { id, task }: ReturnType<typeof taskTextSaved>['payload'],
) {
  const text = normalizeTaskText(task)
  const current = taskOf(state, id)
  if (text === null || current === undefined || current.task === text) return state
  return { ...state, entities: { ...state.entities, [id]: { ...current, task: text } } }
}

const sameTask = (a: Task, b: Task) =>
  a.task === b.task && a.isFinished === b.isFinished && a.email === b.email && a.order === b.order

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
  const sorted = sortLoadedTasks(tasks)
  let changed = sorted.length !== state.ids.length
  const entities: Record<string, Task> = {}
  const ids = sorted.map((fresh, index) => {
    const current = taskOf(state, fresh.id)
    const kept = current !== undefined && sameTask(current, fresh) ? current : fresh
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

/** `state` holding exactly `tasks`, in list order. */
function withAll(state: TasksState, tasks: Iterable<Task>): TasksState {
  const entities: Record<string, Task> = {}
  for (const task of tasks) entities[task.id] = task
  const ids = Object.values(entities)
    .sort(compareTasks)
    .map((task) => task.id)
  return { ...state, entities, ids }
}

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

/** The tasks reducer. Every case builds the new state by hand (no Immer: see app/slice.ts). */
export function tasksReducer(state = initialState, action: UnknownAction): TasksState {
  if (taskAdded.match(action)) return addTask(state, action.payload)
  if (taskMarkedDone.match(action)) return moveTask(state, action.payload, true, orderAtEnd)
  if (taskMarkedIncomplete.match(action)) return moveTask(state, action.payload, false, orderAtTop)
  if (taskTextSaved.match(action)) return saveTaskText(state, action.payload)
  if (taskDeleted.match(action)) return deleteTask(state, action.payload)
  if (taskRestored.match(action)) return restoreTask(state, action.payload)
  if (tasksRefreshed.match(action)) return refreshTasks(state, action.payload)
  if (tasksLoadStarted.match(action)) {
    const { email } = action.payload
    // Another user's list is never shown while this one loads.
    const list = state.owner === email ? state : initialState
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
  if (tasksCleared.match(action)) return initialState
  return state
}

export const selectTaskIds = (state: RootState): string[] => state.tasks.ids
export const selectTaskCount = (state: RootState): number => state.tasks.ids.length
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

export const selectTasksStatus = (state: RootState): TasksStatus => state.tasks.status

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
