import type { AppThunk } from '../../app/store'
import {
  importUndone,
  listRestored,
  repeatingTaskDoneUndone,
  selectTaskById,
  tasksRestored,
} from '../tasks'
import { selectDeleteOffer, selectImportOffer, selectMovedOnOffer } from './undoSlice'

// Undo's commands, one home: each takes the offer as the bar shows it and dispatches the tasks'
// event that undoes it.

/** Undo of a repeating task's tick: the due it had comes back. The task's id, if any. */
export const undoMoveOn = (): AppThunk<string | null> => (dispatch, getState) => {
  const movedOn = selectMovedOnOffer(getState())
  if (movedOn)
    dispatch(repeatingTaskDoneUndone({ id: movedOn.id, due: movedOn.was, was: movedOn.due }))
  return movedOn?.id ?? null
}

/** Undo of the last delete: its tasks come back as they were. The first one's id, if any. */
export const undoDelete = (): AppThunk<string | null> => (dispatch, getState) => {
  const deleted = selectDeleteOffer(getState())
  const { list, email } = deleted ?? {}
  if (list && email) dispatch(listRestored({ list, tasks: deleted?.tasks ?? [], email }))
  else if (deleted) dispatch(tasksRestored(deleted.tasks))
  return deleted?.tasks[0]?.id ?? null
}

/** Undo of the last import: its tasks still in the list go, as they are now, at once. */
export const undoImport = (): AppThunk => (dispatch, getState) => {
  const state = getState()
  const imported = selectImportOffer(state)
  if (imported)
    dispatch(importUndone(imported.ids.flatMap((id) => selectTaskById(state, id) ?? [])))
}
