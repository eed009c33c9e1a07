import type { AppThunk } from '../../app/store'
import { newDocumentId } from '../../lib/documentId'
import { selectCurrentUser } from '../auth/authSlice'
import { taskIn } from '../tasks/ordering'
import { importUndone, tasksImported } from '../tasks/tasksSlice'
import { selectImport } from './accountSlice'
import type { FileTask } from './formats/types'
import { placeImported } from './placeImport'

// The account's clicks made into events, from the list the person sees: each carries what its
// writes need (listeners.ts writes them).

/** Import confirmed: the tasks go into the list where they belong, and are written in batches. */
export const importConfirmed =
  (tasks: readonly FileTask[]): AppThunk<number> =>
  (dispatch, getState) => {
    const owner = selectCurrentUser(getState())?.email
    if (!owner || tasks.length === 0) return 0
    dispatch(tasksImported(placeImported(getState().tasks, tasks, owner, newDocumentId)))
    return tasks.length
  }

/** Undo of the last import: its tasks still in the list go, as they are now, at once. */
export const importUndoClicked = (): AppThunk => (dispatch, getState) => {
  const imported = selectImport(getState())
  if (!imported || imported.undone) return
  const list = getState().tasks
  dispatch(importUndone(imported.ids.flatMap((id) => taskIn(list, id) ?? [])))
}
