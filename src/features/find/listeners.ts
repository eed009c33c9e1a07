import type { AppAnyActionEffect, AppStartListening } from '../../app/hooks'
import { selectTaskById, selectTaskList, taskAdded } from '../tasks'
import { selectShownListTaskIds } from '../lists'
import { matches, selectShownIds, selectWords, taskHiddenByFind } from './findSlice'

/** A task added out of view, or a shown one a change took out of it, is never silently lost. */
const sayHiddenTask: AppAnyActionEffect = (action, api) => {
  const state = api.getState()
  const shown = selectShownIds(state)
  let id: string | undefined
  const { filter } = state.find
  if (taskAdded.match(action)) {
    id = action.payload.id
    if (shown.includes(id)) return
    // Added to another list ("milk #groceries"): the form says where, and no filter hid it.
    const byList = filter !== 'today' && filter !== 'upcoming'
    if (byList && !selectShownListTaskIds(state).includes(id)) return
  } else {
    const before = selectShownIds(api.getOriginalState())
    if (before === shown) return
    const now = new Set(shown)
    id = before.findLast((shownId) => !now.has(shownId) && selectTaskById(state, shownId))
  }
  const task = id === undefined ? undefined : selectTaskById(state, id)
  if (task === undefined) return
  const by = filter !== 'all' && matches(task, selectWords(state)) ? filter : 'search'
  api.dispatch(
    taskHiddenByFind({ id: task.id, text: task.task, added: taskAdded.match(action), by }),
  )
}

export function addFindListeners(startListening: AppStartListening) {
  startListening({
    // Only while Find or a filter is on, and not when they themselves change what is shown.
    predicate: (_action, state, previous) =>
      selectTaskList(state) !== selectTaskList(previous) &&
      state.find === previous.find &&
      (state.find.filter !== 'all' || selectWords(state).length > 0),
    effect: sayHiddenTask,
  })
}
