import { createAction, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit'
import type { RootState } from '../../app/store'
import { authStateChanged } from '../auth'
import { importUndone, tasksImported } from '../tasks'

// The account feature's state, injected into the store when the feature first loads: the last
// import (for its progress line; its Undo is features/undo's) and Delete account's progress.

/** The last import, while its owner is signed in. */
export interface ImportState {
  /** Which import (its tasks' actions say it). */
  id: string
  /** Tasks it adds; `added`, those added to the list so far (a long file's come in slices). */
  total: number
  added: number
  /** Tasks the server has taken, and those it refused (each marked in its row). */
  saved: number
  refused: number
  /** Undone: what was added so far went, and no more is added. */
  undone: boolean
  /** Lists it made (the tasks' lists it found among the person's are not counted). */
  lists: number
}

/** Why Delete account stopped. Each leaves the account there, but `accountUncertain`. */
export type DeletionProblem =
  /** Offline before anything was deleted. */
  | 'offline'
  /** The connection went before the account's turn: `deleted` tasks went, the account stays. */
  | 'connectionLost'
  /** The sign-in popup failed, or another account was chosen in it. */
  | 'signInFailed'
  | 'signInOtherAccount'
  /** The tasks are deleted; the server refused to delete the account. */
  | 'accountNotDeleted'
  /** The tasks are deleted; the answer to deleting the account never came. */
  | 'accountUncertain'

export interface DeletionState {
  phase: 'idle' | 'checking' | 'signInNeeded' | 'deletingTasks' | 'deletingAccount' | 'stopped'
  /** Tasks deleted since the dialog opened (over every try), of `total` found. */
  deleted: number
  total: number
  /** Tasks of a step whose answer was lost: deleted or not, the server's next count says. */
  unsure: number
  problem: DeletionProblem | null
}

export interface AccountState {
  imported: ImportState | null
  deletion: DeletionState
  /**
   * Deleted here, said until someone signs in: `all`, or `tasks` when the Auth account's own
   * deletion did not finish (its sessions were closed with its tasks).
   */
  deletedAccount: 'all' | 'tasks' | null
}

const idle: DeletionState = { phase: 'idle', deleted: 0, total: 0, unsure: 0, problem: null }
const initialState: AccountState = { imported: null, deletion: idle, deletedAccount: null }

/** An import confirmed, its lists made: its tasks follow, in slices (`tasksImported` with its id). */
export const importStarted = createAction<{ id: string; total: number; lists: number }>(
  'account/importStarted',
)
/** The feature has loaded into this store (its state exists from now on). */
export const accountFeatureLoaded = createAction('account/featureLoaded')
/** Delete account, confirmed in its dialog (or tried again). */
export const accountDeletionConfirmed = createAction('account/deletionConfirmed')
/** 'Sign in again', clicked in the dialog: the popup opens, then the deletion goes on. */
export const deletionSignInClicked = createAction('account/deletionSignInClicked')

export const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    importBatchSaved(state, { payload }: PayloadAction<number>) {
      if (state.imported) state.imported.saved += payload
    },
    importBatchRefused(state, { payload }: PayloadAction<number>) {
      if (state.imported) state.imported.refused += payload
    },
    importDismissed(state) {
      state.imported = null
    },
    deletionProgressed(state, { payload }: PayloadAction<Partial<DeletionState>>) {
      state.deletion = { ...state.deletion, problem: null, ...payload }
    },
    /** The server's count once back, after a step whose answer was lost: `payload` are left. */
    deletionRecounted(state, { payload }: PayloadAction<number>) {
      const { deletion } = state
      deletion.total = Math.max(deletion.total, deletion.deleted + payload)
      deletion.deleted = deletion.total - payload
      deletion.unsure = 0
    },
    deletionStopped(state, { payload }: PayloadAction<DeletionProblem>) {
      state.deletion.phase = 'stopped'
      state.deletion.problem = payload
    },
    deletionClosed(state) {
      state.deletion = idle
    },
    accountDeleted(state, { payload }: PayloadAction<{ accountGone: boolean }>) {
      state.deletion = idle
      state.imported = null
      state.deletedAccount = payload.accountGone ? 'all' : 'tasks'
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(importStarted, (state, { payload: { id, total, lists } }) => {
        state.imported = { id, total, added: 0, saved: 0, refused: 0, undone: false, lists }
      })
      .addCase(tasksImported, ({ imported }, { payload, meta }) => {
        if (imported?.id === meta.importId) imported.added += payload.length
      })
      .addCase(importUndone, (state) => {
        if (state.imported) state.imported.undone = true
      })
      // A try again goes on from how far the last try went.
      .addCase(accountDeletionConfirmed, (state) => {
        state.deletion = { ...state.deletion, phase: 'checking', problem: null }
      })
      // Nothing of one person is said to the next.
      .addCase(authStateChanged, (state, { payload }) => {
        if (payload) state.deletedAccount = null
        else state.imported = null
      })
  },
})

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- it adds the slice's state
  export interface LazyLoadedSlices extends WithSlice<typeof accountSlice> {}
}

export const {
  importBatchSaved,
  importBatchRefused,
  importDismissed,
  deletionProgressed,
  deletionRecounted,
  deletionStopped,
  deletionClosed,
  accountDeleted,
} = accountSlice.actions

/** The state, or before the feature has loaded its first value. */
const accountOf = (state: RootState): AccountState => state.account ?? initialState
export const selectImport = (state: RootState) => accountOf(state).imported
export const selectDeletion = (state: RootState) => accountOf(state).deletion
export const selectDeletedAccount = (state: RootState) => accountOf(state).deletedAccount
