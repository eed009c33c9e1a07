import type { AppThunk } from '../../app/store'
import { newDocumentId } from '../../lib/helpers'
import { selectCurrentUser } from '../auth'
import { selectTaskList, tasksImported } from '../tasks'
import { importStarted, selectImport } from './accountSlice'
import type { TaskToAdd } from './formats/preview'
import { nextTurn } from './formats/types'
import { placeImported } from './placeImport'

// The account's commands, one home: its clicks made into events, from the list the person sees;
// each carries what its writes need (listeners.ts writes them).

/**
 * Tasks added to the list by one action, each slice written as it comes: 20,000 at once held the
 * page for seconds (the reducer, the rows, the SDK taking 20,000 writes in one go).
 */
export const IMPORT_SLICE = 500

/** While tasks of an import are still to be added, leaving the page would lose them: it asks. */
function askBeforeLeaving(): () => void {
  const ask = (event: BeforeUnloadEvent) => {
    event.preventDefault()
  }
  addEventListener('beforeunload', ask)
  return () => {
    removeEventListener('beforeunload', ask)
  }
}

/**
 * Import confirmed: the tasks go into the list where they belong, a slice at a time with a turn
 * of the event loop between slices (the page paints and answers meanwhile), and are written in
 * batches as each slice comes. The rest is not added once the import is undone or its owner has
 * signed out; Dismiss only hides its line. Resolves with how many were to be added.
 */
export const confirmImport =
  (tasks: readonly TaskToAdd[]): AppThunk<Promise<number>> =>
  async (dispatch, getState) => {
    const owner = selectCurrentUser(getState())?.email
    if (!owner || tasks.length === 0) return 0
    const placed = placeImported(selectTaskList(getState()), tasks, owner)
    const id = newDocumentId()
    dispatch(importStarted({ id, total: placed.length }))
    const stopAsking = askBeforeLeaving()
    try {
      for (let from = 0; from < placed.length; from += IMPORT_SLICE) {
        if (from > 0) await nextTurn()
        const state = getState()
        const imported = selectImport(state)
        if (imported?.id === id && imported.undone) break
        if (selectCurrentUser(state)?.email !== owner) break
        const slice = placed.slice(from, from + IMPORT_SLICE)
        dispatch(
          tasksImported(
            slice.map((task) => ({ id: newDocumentId(), ...task })),
            id,
            from === 0,
          ),
        )
      }
    } finally {
      stopAsking()
    }
    return placed.length
  }
