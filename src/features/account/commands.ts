import type { AppThunk } from '../../app/store'
import { newDocumentId } from '../../lib/helpers'
import { selectCurrentUser } from '../auth'
import { createList, selectLists } from '../lists'
import { selectTaskList, tasksImported } from '../tasks'
import { importStarted, selectImport } from './accountSlice'
import { planLists, type PlannedList } from './formats/listPlan'
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
 * The slot of each list `names`, matched among the person's lists as they are now, else made
 * through the lists' own command (so its write follows `listCreated`); null: My tasks, also for
 * one that cannot be made (the 200 reached since the preview). How many were made.
 */
const listsFor =
  (
    names: readonly string[],
  ): AppThunk<{ slotOf: (name?: string) => string | null; made: number }> =>
  (dispatch, getState) => {
    const plan = planLists(names, selectLists(getState()))
    const slots = new Map<PlannedList, string>()
    for (const list of plan.lists) {
      if (list.kind === 'yours') slots.set(list, list.id)
      else if (list.kind === 'new') {
        const result = dispatch(createList(list.name))
        if ('made' in result) slots.set(list, result.made.id)
      }
    }
    const made = [...slots.keys()].filter(({ kind }) => kind === 'new').length
    const slotOf = (name?: string) => {
      const list = plan.of(name)
      return list === null ? null : (slots.get(list) ?? null)
    }
    return { slotOf, made }
  }

/**
 * Import confirmed: the lists it names are matched or made first, so that their documents are
 * written before any task naming them and no other device shows such a task in My tasks for a
 * moment. Then the tasks go into the list where they belong, a slice at a time with a turn
 * of the event loop between slices (the page paints and answers meanwhile), and are written in
 * batches as each slice comes. The rest is not added once the import is undone or its owner has
 * signed out; Dismiss only hides its line. Resolves with how many were to be added.
 */
export const confirmImport =
  (tasks: readonly TaskToAdd[], lists: readonly string[] = []): AppThunk<Promise<number>> =>
  async (dispatch, getState) => {
    const owner = selectCurrentUser(getState())?.email
    if (!owner || tasks.length === 0) return 0
    const named = tasks.flatMap(({ list }) => list ?? [])
    const { slotOf, made } = dispatch(listsFor([...lists, ...named]))
    const inLists = tasks.map((task) => ({
      ...task,
      fields: { ...task.fields, list: slotOf(task.list) },
    }))
    const placed = placeImported(selectTaskList(getState()), inLists, owner)
    const id = newDocumentId()
    dispatch(importStarted({ id, total: placed.length, lists: made }))
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
