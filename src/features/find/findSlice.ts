import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { RootState } from '../../app/store'
import {
  selectDatedTasks,
  selectOpenCount,
  selectTaskIds,
  selectTaskTable,
  selectToday,
  taskOf,
  tasksCleared,
} from '../tasks'
import type { Task } from '../../services/types'
import { selectShownListTaskIds } from '../lists'

/** `toLowerCase`, not the locale's: the same everywhere; a final sigma folds as Unicode's does. */
export const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ς/g, 'σ')
export const wordsOf = (query: string) => fold(query).split(/\s+/).filter(Boolean)
// Folded once per task object (a changed task is a new object), so a keystroke only compares.
const folded = new WeakMap<Task, string>()
export function matches(task: Task, words: readonly string[]) {
  let text = folded.get(task)
  if (text === undefined) folded.set(task, (text = fold(task.task)))
  return words.every((word) => text.includes(word))
}

export type Filter = 'all' | 'open' | 'finished' | 'today' | 'upcoming'
/** A task that a change took out of view, or that was added out of it. */
export interface HiddenTask {
  id: string
  text: string
  added: boolean
  by: Exclude<Filter, 'all'> | 'search'
}

export interface FindState {
  query: string
  filter: Filter
  /** Said until Find or the filter changes. */
  hidden: HiddenTask | null
}
const initialState: FindState = { query: '', filter: 'all', hidden: null }

const findSlice = createSlice({
  name: 'find',
  initialState,
  reducers: {
    findTyped(state, { payload }: PayloadAction<string>) {
      state.query = payload
      state.hidden = null
    },
    filterChanged(state, { payload }: PayloadAction<Filter>) {
      if (state.filter === payload) return
      state.filter = payload
      state.hidden = null
    },
    showAllClicked: () => initialState,
    taskHiddenByFind(state, { payload }: PayloadAction<HiddenTask>) {
      state.hidden = payload
    },
  },
  // A search is the person's own: the next one at a shared computer does not find it.
  extraReducers: (builder) =>
    builder.addCase(tasksCleared, ({ filter }) => ({ ...initialState, filter })),
})

export const { findTyped, filterChanged, showAllClicked, taskHiddenByFind } = findSlice.actions
export const findReducer = findSlice.reducer
export const selectQuery = (state: RootState) => state.find.query
export const selectFilter = (state: RootState) => state.find.filter
export const selectHiddenTask = (state: RootState) => state.find.hidden
export const selectWords = createSelector([selectQuery], wordsOf)
const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index])

/** Where the list shown turns from open tasks to finished ones (its order keeps them apart). */
const selectListOpenCount = createSelector(
  [selectShownListTaskIds, selectTaskIds, selectOpenCount, selectTaskTable],
  (inList, ids, open, table): number => {
    if (inList === ids) return open
    const first = inList.findIndex((id) => taskOf(table, id)?.isFinished !== false)
    return first === -1 ? inList.length : first
  },
)
const selectOpenIds = createSelector(
  [selectShownListTaskIds, selectListOpenCount],
  (ids, open): readonly string[] => ids.slice(0, open),
  { memoizeOptions: { resultEqualityCheck: sameIds } },
)
const selectFinishedIds = createSelector(
  [selectShownListTaskIds, selectListOpenCount],
  (ids, open): readonly string[] => ids.slice(open),
  { memoizeOptions: { resultEqualityCheck: sameIds } },
)

/** Today: open tasks due today or before (overdue), soonest first. Turns with the day. */
export const selectTodayIds = createSelector(
  [selectDatedTasks, selectToday],
  (dated, today): readonly string[] => dated.filter(({ day }) => day <= today).map(({ id }) => id),
  { memoizeOptions: { resultEqualityCheck: sameIds } },
)
/** Upcoming: every open task with a date, soonest first. */
export const selectUpcomingIds = createSelector(
  [selectDatedTasks],
  (dated): readonly string[] => dated.map(({ id }) => id),
  { memoizeOptions: { resultEqualityCheck: sameIds } },
)

// Each filter's tasks, memoized apart from what is typed, so a keystroke in Find only compares
// words: All, Open and Finished are the list shown in the person's own order (open tasks, then
// finished ones); only Today and Upcoming go by date, and gather every list's.
const IN_FILTER: Readonly<Record<Filter, (state: RootState) => readonly string[]>> = {
  all: selectShownListTaskIds,
  open: selectOpenIds,
  finished: selectFinishedIds,
  today: selectTodayIds,
  upcoming: selectUpcomingIds,
}
/** How many tasks each filter holds, whatever is typed. */
export const selectFilterCount = (state: RootState, filter: Filter) =>
  IN_FILTER[filter](state).length

export type Finding = Pick<FindState, 'query' | 'filter'>
const findingOf = (state: RootState, finding?: Finding) => finding ?? state.find
/** The ids shown (for `finding`, by default the state's); the same array while the same. */
export const selectShownIds = createSelector(
  [
    (state: RootState, finding?: Finding) => IN_FILTER[findingOf(state, finding).filter](state),
    selectTaskTable,
    (state: RootState, finding?: Finding) => findingOf(state, finding).query,
  ],
  (inFilter, table, query): readonly string[] => {
    const words = wordsOf(query)
    if (words.length === 0) return inFilter
    return inFilter.filter((id) => {
      const task = taskOf(table, id)
      return task !== undefined && matches(task, words)
    })
  },
  { memoizeOptions: { resultEqualityCheck: sameIds } },
)
