import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { RootState } from '../../app/store'
import type { ListEntry } from '../../services/types'
import { authStateChanged } from '../auth'
import { listDeleted, listRestored } from '../tasks'
import { byPlace, type ListRank } from './listPlaces'

/** The list every task is in until its person makes another: no document, no id (null). */
export const MY_TASKS = 'My tasks'

export interface ListsState {
  /** The person's own lists besides My tasks, as the server (or this page) last said. */
  entries: ListEntry[]
  /** Whether the live query has answered since sign-in. */
  loaded: boolean
  /** The list shown, from the address (`#/lists/3/open`); null: My tasks. */
  shown: string | null
}
const initialState: ListsState = { entries: [], loaded: false, shown: null }

const listsSlice = createSlice({
  name: 'lists',
  initialState,
  reducers: {
    listsSnapshotReceived(state, { payload }: PayloadAction<ListEntry[]>) {
      state.entries = [...payload].sort(byPlace)
      state.loaded = true
    },
    listCreated(state, { payload }: PayloadAction<ListEntry>) {
      state.entries = [...state.entries.filter(({ id }) => id !== payload.id), payload].sort(
        byPlace,
      )
    },
    listRenamed(state, { payload }: PayloadAction<{ id: string; name: string }>) {
      const list = state.entries.find(({ id }) => id === payload.id)
      if (list) list.name = payload.name
    },
    /** List `id` moved by the person: `ranks` its new rank, and any its new neighbours needed. */
    listMoved(state, { payload }: PayloadAction<{ id: string; ranks: ListRank[] }>) {
      const ranks = new Map(payload.ranks.map(({ id, rank }) => [id, rank]))
      for (const list of state.entries) list.rank = ranks.get(list.id) ?? list.rank
      state.entries.sort(byPlace)
    },
    listShown(state, { payload }: PayloadAction<string | null>) {
      state.shown = payload
    },
  },
  // Another person signing in on this device never sees the last one's lists.
  extraReducers: (builder) =>
    builder
      .addCase(authStateChanged, (state, { payload }) =>
        payload === null ? { ...initialState, shown: state.shown } : state,
      )
      .addCase(listDeleted, (state, { payload }) => {
        state.entries = state.entries.filter(({ id }) => id !== payload.list.id)
      })
      .addCase(listRestored, (state, { payload }) => {
        const others = state.entries.filter(({ id }) => id !== payload.list.id)
        state.entries = [...others, payload.list].sort(byPlace)
      }),
})

export const { listsSnapshotReceived, listCreated, listRenamed, listMoved, listShown } =
  listsSlice.actions
export const listsReducer = listsSlice.reducer

export const selectLists = (state: RootState) => state.lists.entries
export const selectListsLoaded = (state: RootState) => state.lists.loaded
/** The list shown: its id, or null for My tasks (also when the address names a list not here). */
export const selectShownList = createSelector(
  [(state: RootState) => state.lists.shown, selectLists, selectListsLoaded],
  (shown, lists, loaded): string | null =>
    shown === null || (loaded && !lists.some(({ id }) => id === shown)) ? null : shown,
)
/** Every list a task can be in, My tasks first, for the rows' Move to list. */
export const selectListChoices = createSelector([selectLists], (lists) => [
  { id: null, name: MY_TASKS },
  ...lists.map(({ id, name }) => ({ id, name })),
])
/** What a list is called: My tasks for null, or for a list that is gone. */
export const selectListName = (state: RootState, id: string | null) =>
  (id === null ? undefined : selectLists(state).find((list) => list.id === id)?.name) ?? MY_TASKS
