import {
  createEntityAdapter,
  createSelector,
  createSlice,
  original,
  type EntityState,
  type PayloadAction,
} from '@reduxjs/toolkit'
import type { RootState } from '../../app/store'
import { newDocumentId } from '../../lib/documentId'
import type { Task, TasksSnapshot } from '../../services/types'
import { selectShownAuthStatus } from '../auth/authSlice'
import {
  compareTasks,
  orderAfterLastOpen,
  orderAtEnd,
  orderAtTop,
  taskIn,
  withPlaced,
} from './ordering'
import { applySnapshot, withChanges, type ServerVersion } from './snapshot'
import { normalizeTaskText } from './taskText'

/** The list, kept in display order by the adapter: by `order`, then by id. */
const tasksAdapter = createEntityAdapter<Task>({ sortComparer: compareTasks })

export interface TasksState extends EntityState<Task, string> {
  /** `loaded` once the live query has answered (from the device's cache or the server). */
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  /** Whose tasks the list holds or is loading. */
  owner: string | null
  /** Tasks whose write the server refused, kept a while as the person left them (spec §4). */
  held: Record<string, ServerVersion>
}

const initialState: TasksState = tasksAdapter.getInitialState({
  status: 'idle',
  owner: null,
  held: {},
})

// The clicks' reducers read the state as it was (`original`) and return the new one: at 5,000
// tasks, letting Immer copy and finish the entity table costs more than a frame allows
// (docs/performance.md). The adapter keeps the same order for the rest.
const base = (state: TasksState): TasksState => original<TasksState>(state)

/** A new state, frozen as Immer leaves one: Immer then skips its walk over every task. */
const frozen = (list: TasksState): TasksState => {
  Object.freeze(list.entities)
  Object.freeze(list.ids)
  return Object.freeze(list)
}

const withTask = (list: TasksState, task: Task) => frozen(withPlaced(list, Object.freeze(task)))

/** Sets a task's state with the order `orderFor` picks; unknown ids change nothing. */
function move(state: TasksState, id: string, isFinished: boolean, orderFor: typeof orderAtEnd) {
  const list = base(state)
  const task = taskIn(list, id)
  if (task === undefined) return list
  return withTask(list, { ...task, isFinished, order: orderFor(list, id) })
}

const tasksSlice = createSlice({
  name: 'tasks',
  initialState,
  reducers: {
    taskAdded: {
      reducer(state, { payload }: PayloadAction<{ id: string; task: string; email: string }>) {
        const list = base(state)
        if (list.owner !== payload.email || taskIn(list, payload.id)) return list
        return withTask(list, { ...payload, isFinished: false, order: orderAfterLastOpen(list) })
      },
      prepare: (task: string, email: string) => ({ payload: { id: newDocumentId(), task, email } }),
    },
    taskMarkedDone: (state, { payload: id }: PayloadAction<string>) =>
      move(state, id, true, orderAtEnd),
    taskMarkedIncomplete: (state, { payload: id }: PayloadAction<string>) =>
      move(state, id, false, orderAtTop),
    taskTextSaved(state, { payload }: PayloadAction<{ id: string; task: string }>) {
      const list = base(state)
      const task = taskIn(list, payload.id)
      const text = normalizeTaskText(payload.task)
      if (task === undefined || text === null || text === task.task) return list
      const edited = Object.freeze({ ...task, task: text })
      return frozen({ ...list, entities: { ...list.entities, [task.id]: edited } })
    },
    taskDeleted(state, { payload: id }: PayloadAction<string>) {
      const list = base(state)
      if (taskIn(list, id) === undefined) return list
      const { [id]: _deleted, ...entities } = list.entities
      return frozen({ ...list, entities, ids: list.ids.filter((other) => other !== id) })
    },
    finishedTasksCleared(state) {
      const finished = Object.values(base(state).entities).filter((task) => task.isFinished)
      tasksAdapter.removeMany(
        state,
        finished.map(({ id }) => id),
      )
    },
    /** Undo: deleted tasks come back as they were (id, text, state and order). */
    tasksRestored(state, { payload: tasks }: PayloadAction<Task[]>) {
      const own = tasks.filter(({ id, email }) => email === state.owner && !taskIn(state, id))
      tasksAdapter.addMany(state, own)
    },
    tasksLoadStarted(state, { payload }: PayloadAction<{ email: string }>) {
      // Another user's list is never shown while this one loads.
      if (state.owner !== payload.email) {
        return { ...initialState, owner: payload.email, status: 'loading' }
      }
      state.status = 'loading'
    },
    /** The live query's news: the first holds every task, later ones what changed. */
    tasksSnapshotReceived(state, { payload }: PayloadAction<{ email: string } & TasksSnapshot>) {
      const list = base(state)
      if (list.owner !== payload.email) return list
      const changes = applySnapshot(list, payload.updates)
      if (Object.keys(changes).length === 0 && list.status === 'loaded') return list
      return frozen({ ...list, ...changes, status: 'loaded' })
    },
    tasksLoadFailed(state, { payload }: PayloadAction<{ email: string }>) {
      if (state.owner === payload.email) state.status = 'failed'
    },
    tasksCleared: () => initialState,
    /** The server refused a write for good: the row stays as the person left it, for now. */
    taskSaveFailed(state, { payload }: PayloadAction<TaskSaveFailure>) {
      state.held[payload.id] ??= null
    },
    /** The refusal has been said long enough: the row now shows what the server holds. */
    taskHoldEnded(state, { payload: id }: PayloadAction<string>) {
      const list = base(state)
      if (!Object.hasOwn(list.held, id)) return list
      const { [id]: server, ...held } = list.held
      const changed = server && server !== 'removed' ? [server] : []
      const removed = new Set(server === 'removed' ? [id] : [])
      return frozen({ ...list, ...withChanges(list, changed, removed), held })
    },
  },
})

/** A refused write; `text` names the task, `code` is Firestore's (`not-found`, …, `unknown`). */
export interface TaskSaveFailure {
  id: string
  kind: 'add' | 'update' | 'delete'
  text: string
  code: string
}

export const {
  taskAdded,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskTextSaved,
  taskDeleted,
  finishedTasksCleared,
  tasksRestored,
  tasksLoadStarted,
  tasksSnapshotReceived,
  tasksLoadFailed,
  tasksCleared,
  taskSaveFailed,
  taskHoldEnded,
} = tasksSlice.actions

export const tasksReducer = tasksSlice.reducer

const selectors = tasksAdapter.getSelectors((state: RootState) => state.tasks)
export const selectTaskIds = selectors.selectIds
export const selectTaskById = (state: RootState, id: string): Task | undefined =>
  taskIn(state.tasks, id)
/** The tasks in list order; the same array while the list has not changed. */
export const selectAllTasks = selectors.selectAll
export const selectListOwner = (state: RootState) => state.tasks.owner

/**
 * What the list area can say when it has no rows: `empty` only once the list is known (loaded,
 * or nobody signed in); `pending` while sign-in or the load is still under way.
 */
export const selectListAvailability = (state: RootState): 'empty' | 'pending' | 'failed' => {
  if (state.tasks.status === 'loaded') return 'empty'
  if (state.tasks.status === 'failed') return 'failed'
  return selectShownAuthStatus(state) === 'signedOut' ? 'empty' : 'pending'
}

/** How many tasks are open; said near the list ("3 open"). */
export const selectOpenCount = createSelector(
  [selectAllTasks],
  (tasks) => tasks.filter((task) => !task.isFinished).length,
)
export const selectFinishedCount = createSelector(
  [selectAllTasks, selectOpenCount],
  (tasks, open) => tasks.length - open,
)
