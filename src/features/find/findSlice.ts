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
import { selectLists, selectShownListTaskIds } from '../lists'

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
  /** Find searches every list, not only the list shown (All, Open and Finished). */
  allLists: boolean
  /** Said until Find or the filter changes. */
  hidden: HiddenTask | null
}
const initialState: FindState = { query: '', filter: 'all', allLists: false, hidden: null }

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
    findAllListsChanged(state, { payload }: PayloadAction<boolean>) {
      state.allLists = payload
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

export const { findTyped, filterChanged, findAllListsChanged, showAllClicked, taskHiddenByFind } =
  findSlice.actions
export const findReducer = findSlice.reducer
export const selectQuery = (state: RootState) => state.find.query
export const selectFilter = (state: RootState) => state.find.filter
export const selectHiddenTask = (state: RootState) => state.find.hidden
export const selectAllListsChosen = (state: RootState) => state.find.allLists
/** Find searches every list: chosen, while there is a list besides My tasks. */
export const selectFindsAllLists = (state: RootState) =>
  selectAllListsChosen(state) && selectLists(state).length > 0
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

// Find in all lists: every task, in the person's order (open, then finished).
const selectEveryOpenId = createSelector(
  [selectTaskIds, selectOpenCount],
  (ids, open): readonly string[] => ids.slice(0, open),
  { memoizeOptions: { resultEqualityCheck: sameIds } },
)
const selectEveryFinishedId = createSelector(
  [selectTaskIds, selectOpenCount],
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
const IN_EVERY_LIST: Readonly<Record<Filter, (state: RootState) => readonly string[]>> = {
  ...IN_FILTER,
  all: selectTaskIds,
  open: selectEveryOpenId,
  finished: selectEveryFinishedId,
}
/** How many tasks each filter holds in the list shown, whatever is typed. */
export const selectFilterCount = (state: RootState, filter: Filter) =>
  IN_FILTER[filter](state).length

export type Finding = Pick<FindState, 'query' | 'filter' | 'allLists'>
const findingOf = (state: RootState, finding?: Finding): Finding =>
  finding ?? { ...state.find, allLists: selectFindsAllLists(state) }
/** Whether the rows shown gather every list: Today and Upcoming, and Find in all lists. */
export const gathersEveryList = ({ query, filter, allLists }: Finding) =>
  filter === 'today' || filter === 'upcoming' || (allLists && wordsOf(query).length > 0)
/** The tasks Find looks among: its filter's, in the list shown or, searching all, in every list. */
const searched = (state: RootState, finding?: Finding) => {
  const shown = findingOf(state, finding)
  return (gathersEveryList(shown) ? IN_EVERY_LIST : IN_FILTER)[shown.filter](state)
}
/** How many tasks Find looks among, for its "3 of 40". */
export const selectSearchedCount = (state: RootState) => searched(state).length
/** The ids shown (for `finding`, by default the state's); the same array while the same. */
export const selectShownIds = createSelector(
  [
    searched,
    selectTaskTable,
    (state: RootState, finding?: Finding) => (finding ?? state.find).query,
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
