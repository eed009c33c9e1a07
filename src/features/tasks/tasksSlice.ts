import {
  createEntityAdapter,
  createSlice,
  isDraft,
  original,
  type PayloadAction,
} from '@reduxjs/toolkit'
import type { AppThunk, RootState } from '../../app/store'
import type { LoadedTask, Task } from '../../services/types'
import { orderAfterLastOpen, orderAtEnd, orderAtTop, sortLoadedTasks } from './ordering'
import { normalizeTaskText } from './taskText'

/** The ids array is the list, in display order; `order` is what reproduces it after a load. */
const tasksAdapter = createEntityAdapter<Task>({
  sortComparer: (a, b) => a.order - b.order,
})

export type TasksStatus = 'idle' | 'loading' | 'loaded' | 'failed'

interface TasksListState {
  status: TasksStatus
  /** The e-mail whose tasks the list holds or is loading. */
  owner: string | null
}

const initialState = tasksAdapter.getInitialState<TasksListState>({ status: 'idle', owner: null })

export type TasksState = typeof initialState

const othersInOrder = (state: TasksState, id: string): Task[] =>
  state.ids.flatMap((other) => {
    const task = state.entities[other]
    return other === id || task === undefined ? [] : [task]
  })

/**
 * The one-task actions below read the state as it was before the action and write only what
 * changes, keeping `ids` in order themselves. At 5,000 tasks, reading every entity through
 * Immer's draft (as `othersInOrder(draft)` did) drafts each one and copies the table, and the
 * sorted adapter's addOne/updateOne copy the whole draft (`current`) and sort it again: 9 to 15
 * ms per click, most of a frame. Loads, tab syncs and deletes still go through the adapter.
 */
const before = (state: TasksState): TasksState => (isDraft(state) ? original(state) : state)

/** The ids of `others` (in order) with `task` placed where its order sorts it. */
function placed(others: readonly Task[], task: Task): string[] {
  const ids = others.map((other) => other.id)
  let index = others.length
  while (index > 0 && (others[index - 1]?.order ?? 0) > task.order) index--
  ids.splice(index, 0, task.id)
  return ids
}

/** Sets `isFinished` and gives the task the order `orderFor` picks, moving it there. */
function moveTask(
  state: TasksState,
  id: string,
  isFinished: boolean,
  orderFor: (others: Task[]) => number,
) {
  const base = before(state)
  const task = base.entities[id]
  if (task === undefined) return
  const others = othersInOrder(base, id)
  const order = orderFor(others)
  // Unchanged stays the same object: the listeners write nothing then.
  if (task.isFinished === isFinished && task.order === order) return
  const moved = { ...task, isFinished, order }
  state.entities[id] = moved
  state.ids = placed(others, moved)
}

const tasksSlice = createSlice({
  name: 'tasks',
  initialState,
  reducers: {
    tasksLoadStarted(state, action: PayloadAction<{ email: string }>) {
      // Another user's list is never shown while this one loads.
      if (state.owner !== action.payload.email) tasksAdapter.removeAll(state)
      state.status = 'loading'
      state.owner = action.payload.email
    },
    tasksLoaded(state, action: PayloadAction<{ email: string; tasks: LoadedTask[] }>) {
      // A load answered after the user changed (or signed out) is someone else's list.
      if (state.owner !== action.payload.email) return
      tasksAdapter.setAll(state, sortLoadedTasks(action.payload.tasks))
      state.status = 'loaded'
      state.owner = action.payload.email
    },
    tasksRestored(state, action: PayloadAction<{ email: string; tasks: Task[] }>) {
      // The list kept on this device stands in only until the server answers.
      if (state.owner !== action.payload.email || state.status !== 'loading') return
      tasksAdapter.setAll(state, action.payload.tasks)
    },
    tasksSyncedFromOtherTab(
      state,
      action: PayloadAction<{ email: string; upserts: Task[]; deletes: string[] }>,
    ) {
      const { email, upserts, deletes } = action.payload
      if (state.owner !== email) return
      tasksAdapter.removeMany(state, deletes)
      tasksAdapter.upsertMany(state, upserts)
    },
    tasksLoadFailed(state, action: PayloadAction<{ email: string }>) {
      if (state.owner === action.payload.email) state.status = 'failed'
    },
    tasksCleared() {
      return initialState
    },
    taskAdded(state, action: PayloadAction<{ id: string; task: string; email: string }>) {
      const { id, task, email } = action.payload
      const text = normalizeTaskText(task)
      const base = before(state)
      if (text === null || id in base.entities) return
      const others = othersInOrder(base, id)
      const added = { id, task: text, isFinished: false, email, order: orderAfterLastOpen(others) }
      state.entities[id] = added
      state.ids = placed(others, added)
    },
    taskMarkedDone(state, action: PayloadAction<string>) {
      moveTask(state, action.payload, true, orderAtEnd)
    },
    taskMarkedIncomplete(state, action: PayloadAction<string>) {
      moveTask(state, action.payload, false, orderAtTop)
    },
    taskTextSaved(state, action: PayloadAction<{ id: string; task: string }>) {
      const { id, task } = action.payload
      const text = normalizeTaskText(task)
      const current = before(state).entities[id]
      if (text === null || current === undefined || current.task === text) return
      state.entities[id] = { ...current, task: text }
    },
    taskDeleted(state, action: PayloadAction<string>) {
      tasksAdapter.removeOne(state, action.payload)
    },
  },
})

export const {
  tasksLoadStarted,
  tasksLoaded,
  tasksLoadFailed,
  tasksRestored,
  tasksSyncedFromOtherTab,
  tasksCleared,
  taskAdded,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskTextSaved,
  taskDeleted,
} = tasksSlice.actions

export default tasksSlice

export const {
  selectIds: selectTaskIds,
  selectById: selectTaskById,
  selectAll: selectAllTasks,
  selectTotal: selectTaskCount,
} = tasksAdapter.getSelectors((state: RootState) => state.tasks)

export const selectTasksStatus = (state: RootState): TasksStatus => state.tasks.status

/**
 * What the list area can say when it has no rows: `empty` only once the list is known
 * (loaded, or nobody signed in); `pending` while sign-in or the load is still under way.
 */
export const selectListAvailability = (state: RootState): 'empty' | 'pending' | 'failed' => {
  if (state.tasks.status === 'loaded') return 'empty'
  if (state.tasks.status === 'failed') return 'failed'
  return state.auth.status === 'signedOut' ? 'empty' : 'pending'
}

export type AddTaskOutcome = 'added' | 'invalid' | 'signedOut'

/**
 * The form's submit. Blank or over-long text is refused quietly; with no signed-in
 * e-mail in session storage the spec's alert is shown and nothing is saved.
 */
export const taskSubmitted =
  (text: string): AppThunk<AddTaskOutcome> =>
  (dispatch, _getState, { session, alert, tasks }) => {
    const normalized = normalizeTaskText(text)
    if (normalized === null) return 'invalid'
    const email = session.getUserEmail()
    if (!email) {
      alert('Please log in to add')
      return 'signedOut'
    }
    dispatch(taskAdded({ id: tasks.newId(), task: normalized, email }))
    return 'added'
  }
