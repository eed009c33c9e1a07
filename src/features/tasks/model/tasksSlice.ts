import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { newDocumentId } from '../../../lib/helpers'
import type { ListEntry, Task, TasksSnapshot } from '../../../services/types'
import {
  base,
  frozen,
  initialState,
  move,
  movedToList,
  removed,
  withDue,
  withOwnNew,
  withSaved,
  withTask,
  applySnapshot,
  type MovedOn,
  type Placed,
  type TextSaved,
} from './listState'
import { taskIn } from './ordering'
import {
  discarded,
  withRefusal,
  without,
  type RetriedWrite,
  type TaskSaveFailure,
} from '../saving/unsaved'

// Each click's action carries all its write needs (the new order included, computed from the
// list the person saw: commands.ts), so the write follows the action, and a replay of the action
// log (Redux DevTools) gives the same list. The reducers keep the list in its order.

/** A list and the tasks it held, whose they were: what its deletion and its Undo carry. */
export interface DeletedList {
  list: ListEntry
  tasks: Task[]
  email: string
}

const tasksSlice = createSlice({
  name: 'tasks',
  initialState,
  reducers: {
    taskAdded: {
      reducer(state, { payload }: PayloadAction<Task>) {
        const list = base(state)
        if (list.owner !== payload.email || taskIn(list, payload.id)) return list
        return withTask(list, payload)
      },
      prepare: (fields: Omit<Task, 'id'>) => ({ payload: { id: newDocumentId(), ...fields } }),
    },
    taskMarkedDone: (state, { payload }: PayloadAction<Placed>) => move(state, payload, true),
    taskMarkedIncomplete: (state, { payload }: PayloadAction<Placed>) =>
      move(state, payload, false),
    /** Reordered by the person (drag, keys, menu), within its region. */
    taskMoved: (state, { payload }: PayloadAction<Placed>) => move(state, payload),
    /** Moved to another list (null: My tasks), placed there by the spec's rules. */
    taskMovedToList: (state, { payload }: PayloadAction<Placed & { list: string | null }>) =>
      movedToList(state, payload),
    /**
     * Save changes: the text, written even when the same (a retry, a stored non-text); the date
     * and the repeat only when the person changed them (null: cleared, stopped).
     */
    taskTextSaved: (state, { payload }: PayloadAction<TextSaved>) => withSaved(state, payload),
    /**
     * A repeating task ticked: it stays open and in its place, due on its next occurrence
     * (commands.ts); its Undo puts back the due it had. Either writes its due alone.
     */
    repeatingTaskDone: (state, { payload }: PayloadAction<MovedOn>) => withDue(state, payload),
    repeatingTaskDoneUndone: (state, { payload }: PayloadAction<MovedOn>) =>
      withDue(state, payload),
    /** Delete: the task as it was, for its write and for Undo. */
    taskDeleted: (state, { payload }: PayloadAction<Task>) => removed(state, new Set([payload.id])),
    /** Clear finished: the finished tasks as the person saw them. */
    finishedTasksCleared: (state, { payload }: PayloadAction<Task[]>) =>
      removed(state, new Set(payload.map(({ id }) => id))),
    /** Undo: deleted tasks come back as they were (id, text, state and order). */
    tasksRestored: (state, { payload }: PayloadAction<Task[]>) => withOwnNew(state, payload),
    /** A list deleted by its person (the lists feature asks), with every task in it. */
    listDeleted: (state, { payload }: PayloadAction<DeletedList>) =>
      removed(state, new Set(payload.tasks.map(({ id }) => id))),
    /** Its Undo: the list and its tasks as they were. */
    listRestored: (state, { payload }: PayloadAction<DeletedList>) =>
      withOwnNew(state, payload.tasks),
    /**
     * Import: some of a file's tasks, each with its id, owner and place, which import they are
     * of and whether they are its first (src/features/account adds a long file's in slices).
     */
    tasksImported: {
      reducer: (
        state,
        { payload }: PayloadAction<Task[], string, { importId: string; first: boolean }>,
      ) => withOwnNew(state, payload),
      prepare: (tasks: Task[], importId: string, first: boolean) => ({
        payload: tasks,
        meta: { importId, first },
      }),
    },
    /** Undo of an import: its tasks, as the person saw them, go at once. */
    importUndone: (state, { payload }: PayloadAction<Task[]>) =>
      removed(state, new Set(payload.map(({ id }) => id))),
    tasksLoadStarted(state, { payload }: PayloadAction<{ email: string }>) {
      // Another user's list is never shown while this one loads.
      if (state.owner !== payload.email) {
        return { ...initialState, owner: payload.email, status: 'loading' }
      }
      state.status = 'loading'
      state.late = false
    },
    /** The list has not come after a while (effects/listeners.ts times it). */
    tasksLoadLate(state, { payload }: PayloadAction<{ email: string }>) {
      if (state.owner === payload.email && state.status !== 'loaded') state.late = true
    },
    /** Retry: the live query is asked again, on a new connection. */
    tasksLoadRetried(state) {
      state.late = false
      if (state.status === 'failed') state.status = 'loading'
    },
    /** The live query's news: the first holds every task, later ones what changed. */
    tasksSnapshotReceived(state, { payload }: PayloadAction<{ email: string } & TasksSnapshot>) {
      const list = base(state)
      if (list.owner !== payload.email) return list
      const changes = applySnapshot(list, payload.updates)
      const ids = changes.ids ?? list.ids
      const known = list.status === 'loaded' || !payload.fromCache || ids.length > 0
      const status = known ? 'loaded' : 'cached'
      if (Object.keys(changes).length === 0 && list.status === status) return list
      return frozen({ ...list, ...changes, status, late: known ? false : list.late })
    },
    tasksLoadFailed(state, { payload }: PayloadAction<{ email: string }>) {
      if (state.owner === payload.email) state.status = 'failed'
    },
    tasksCleared: () => initialState,
    /** The server refused a write for good: the list keeps it as the person left it (spec §4). */
    taskSaveFailed(state, { payload }: PayloadAction<TaskSaveFailure>) {
      const list = base(state)
      const unsaved = withRefusal(list, payload, list.refusals + 1)
      if (unsaved === null) return list
      return frozen({ ...list, unsaved, refusals: list.refusals + 1 })
    },
    /** Retry: the refused changes are sent again as `writes` says; a new refusal marks them again. */
    unsavedChangesRetried(state, { payload: writes }: PayloadAction<RetriedWrite[]>) {
      const ids = writes.map((write) => (write.kind === 'add' ? write.task.id : write.id))
      state.unsaved = without(base(state).unsaved, ids)
    },
    /** Discard: the tasks of `ids` show what the server holds. */
    unsavedChangesDiscarded(state, { payload: ids }: PayloadAction<string[]>) {
      const list = base(state)
      return frozen({ ...list, ...discarded(list, ids) })
    },
  },
})

export const {
  taskAdded,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskMoved,
  taskMovedToList,
  taskTextSaved,
  repeatingTaskDone,
  repeatingTaskDoneUndone,
  taskDeleted,
  finishedTasksCleared,
  tasksRestored,
  listDeleted,
  listRestored,
  tasksImported,
  importUndone,
  tasksLoadStarted,
  tasksSnapshotReceived,
  tasksLoadFailed,
  tasksLoadLate,
  tasksLoadRetried,
  tasksCleared,
  taskSaveFailed,
  unsavedChangesRetried,
  unsavedChangesDiscarded,
} = tasksSlice.actions

export const tasksReducer = tasksSlice.reducer

// The selectors of the list, in their own file; here too, as ever.
export {
  selectAllTasks,
  selectFinishedCount,
  selectListAvailability,
  selectListLoaded,
  selectListOwner,
  selectOpenCount,
  selectTaskById,
  selectTaskIds,
  selectTaskList,
  selectTaskTable,
  type ListAvailability,
} from './tasksSelectors'
