import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { AppThunk, RootState } from '../../app/store'
import type { Task } from '../../services/types'
import {
  finishedTasksCleared,
  importUndone,
  selectListOwner,
  taskDeleted,
  taskIn,
  tasksCleared,
  tasksImported,
  tasksRestored,
} from '../tasks'

// Every Undo on offer, made by the reducer from the events it undoes, so DevTools shows it and
// a replayed log offers it again; only the bar's timer and keys live in the page (UndoBar.tsx).

/** What the last delete or Clear finished took, which Undo puts back as it was. */
export interface DeleteOffer {
  tasks: Task[]
  /** Finished tasks cleared together, rather than one task deleted. */
  cleared: boolean
  /** Which delete: each gets a new bar (announced again, timed again). */
  count: number
}

export interface UndoState {
  deleted: DeleteOffer | null
  /**
   * The last import's tasks added so far (a long file's come in slices), for its line's Undo;
   * kept after its Dismiss, which is the account's, until the next import or a sign-out.
   */
  imported: { id: string; ids: string[] } | null
  deletes: number
}

const initialState: UndoState = { deleted: null, imported: null, deletes: 0 }

const offered = (state: UndoState, tasks: Task[], cleared: boolean) => {
  state.deleted = { tasks, cleared, count: ++state.deletes }
}

const undoSlice = createSlice({
  name: 'undo',
  initialState,
  reducers: {
    /** The bar's time ran out (only for the delete whose bar it was). */
    undoDismissed(state, { payload: count }: PayloadAction<number>) {
      if (state.deleted?.count === count) state.deleted = null
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(taskDeleted, (state, { payload }) => {
        offered(state, [payload], false)
      })
      .addCase(finishedTasksCleared, (state, { payload }) => {
        offered(state, payload, true)
      })
      .addCase(tasksRestored, (state) => {
        state.deleted = null
      })
      // An import's first slice starts its Undo; a second import's takes it over.
      .addCase(tasksImported, (state, { payload, meta: { importId, first } }) => {
        const ids = payload.map(({ id }) => id)
        if (first) state.imported = { id: importId, ids }
        else if (state.imported?.id === importId) state.imported.ids.push(...ids)
      })
      .addCase(importUndone, (state) => {
        state.imported = null
      })
      // Nothing is offered after a sign-out; `deletes` goes on, so no bar is taken for an old one.
      .addCase(tasksCleared, (state) => {
        state.deleted = null
        state.imported = null
      })
  },
})

export const { undoDismissed } = undoSlice.actions
export const undoReducer = undoSlice.reducer

/** The last delete's Undo, for the list's owner only. */
export const selectDeleteOffer = (state: RootState) => {
  const { deleted } = state.undo
  return deleted?.tasks[0]?.email === selectListOwner(state) ? deleted : null
}
export const selectImportOffer = (state: RootState) => state.undo.imported

/** Undo of the last delete: its tasks come back as they were. The first one's id, if any. */
export const undoDelete = (): AppThunk<string | null> => (dispatch, getState) => {
  const deleted = selectDeleteOffer(getState())
  if (deleted === null) return null
  dispatch(tasksRestored(deleted.tasks))
  return deleted.tasks[0]?.id ?? null
}

/** Undo of the last import: its tasks still in the list go, as they are now, at once. */
export const undoImport = (): AppThunk => (dispatch, getState) => {
  const imported = selectImportOffer(getState())
  if (!imported) return
  const list = getState().tasks
  dispatch(importUndone(imported.ids.flatMap((id) => taskIn(list, id) ?? [])))
}
