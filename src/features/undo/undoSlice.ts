import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit'
import type { RootState } from '../../app/store'
import type { ListEntry, Task } from '../../services/types'
import {
  finishedTasksCleared,
  importUndone,
  listDeleted,
  listRestored,
  repeatingTaskDone,
  repeatingTaskDoneUndone,
  selectListOwner,
  selectTaskById,
  taskDeleted,
  tasksCleared,
  tasksImported,
  tasksRestored,
} from '../tasks'

// Every Undo on offer, made by the reducer from the events it undoes, so DevTools shows it and
// a replayed log offers it again. The bar's timer and keys are the page's (UndoBar.tsx).

const initialState = {
  /** The last delete (`cleared`: Clear finished); `count` tells it from the one before. */
  deleted: null as {
    tasks: Task[]
    cleared: boolean
    count: number
    /** A list deleted with its tasks, and whose it was (a list may hold none). */
    list?: ListEntry
    email?: string
  } | null,
  /** The last import's tasks so far; kept after the line's Dismiss (the account's) is pressed. */
  imported: null as { id: string; ids: string[] } | null,
  /** The last tick of a repeating task: the due it had, and its next. */
  movedOn: null as { id: string; was: string | null; due: string | null; count: number } | null,
  /** Counts the offers of the bar (deletes and ticks of a repeating task): the last is shown. */
  deletes: 0,
}

const undoSlice = createSlice({
  name: 'undo',
  initialState,
  reducers: {
    /** The bar's time ran out (for the delete whose bar it was). */
    undoDismissed(state, { payload: count }: PayloadAction<number>) {
      if (state.deleted?.count === count) state.deleted = null
      if (state.movedOn?.count === count) state.movedOn = null
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(tasksRestored, (state) => {
        state.deleted = null
      })
      .addCase(listDeleted, (state, { payload: { list, tasks, email } }) => {
        state.deleted = { tasks, cleared: false, list, email, count: ++state.deletes }
      })
      .addCase(listRestored, (state) => {
        state.deleted = null
      })
      .addCase(repeatingTaskDone, (state, { payload: { id, was, due } }) => {
        state.movedOn = { id, was, due, count: ++state.deletes }
      })
      .addCase(repeatingTaskDoneUndone, (state) => {
        state.movedOn = null
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
      // Nothing is offered after a sign-out; `deletes` goes on, so no bar is held for an old one.
      .addCase(tasksCleared, (state) => {
        state.deleted = state.imported = state.movedOn = null
      })
      .addMatcher(isAnyOf(taskDeleted, finishedTasksCleared), (state, action) => {
        const cleared = finishedTasksCleared.match(action)
        const tasks = cleared ? action.payload : [action.payload]
        state.deleted = { tasks, cleared, count: ++state.deletes }
      })
  },
})

export const { undoDismissed } = undoSlice.actions
export const undoReducer = undoSlice.reducer

/** The last delete's Undo, for the list's owner only, unless a tick came after it. */
export const selectDeleteOffer = (state: RootState) => {
  const { deleted, movedOn } = state.undo
  if (movedOn && deleted && movedOn.count > deleted.count) return null
  const owner = deleted?.email ?? deleted?.tasks[0]?.email
  return deleted && owner === selectListOwner(state) ? deleted : null
}
export const selectImportOffer = (state: RootState) => state.undo.imported

/** The last tick of a repeating task, while the task is still in the list and its Undo newest. */
export const selectMovedOnOffer = (state: RootState) => {
  const { movedOn, deleted } = state.undo
  if (!movedOn || (deleted && deleted.count > movedOn.count)) return null
  return selectTaskById(state, movedOn.id) ? movedOn : null
}
