import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { connectivityLost, connectivityRestored } from '../../../app/hooks'
import type { RootState } from '../../../app/store'
import type { Persistence } from '../../../services/types'
import { accountDeletedElsewhere, authStateChanged, userSignedOut } from '../../auth'
import { taskSaveFailed, tasksCleared, tasksSnapshotReceived } from '../model/tasksSlice'
import { named, refusalReason, selectUnsavedRows } from './unsaved'

export interface SyncState {
  /** `navigator.onLine`, which can be wrong. */
  online: boolean
  /** The server answered since the browser said offline (e.g. a loopback-only host). */
  serverSeen: boolean
  pending: boolean
  slow: boolean
  /** A change is in the page's memory alone: not yet on the device's disk (docs/sync.md). */
  inMemory: boolean
  /** …and has been for longer than a moment. */
  inMemoryLong: boolean
  persistence: Persistence
  unsavedLeft: boolean
  /** Once storage refuses a write the SDK stops sending (firebase-js-sdk#5031): until reload. */
  deviceFull: boolean
  deletedElsewhere: { dropped: number; gone: boolean } | null
  /** Another device is deleting the account: the server refuses adds and changes meanwhile. */
  accountClosing: boolean
}

const initialState: SyncState = {
  online: true,
  serverSeen: false,
  pending: false,
  slow: false,
  inMemory: false,
  inMemoryLong: false,
  persistence: 'device',
  unsavedLeft: false,
  deviceFull: false,
  deletedElsewhere: null,
  accountClosing: false,
}

const syncSlice = createSlice({
  name: 'sync',
  initialState,
  reducers: {
    writesSlowed(state) {
      state.slow = state.pending
    },
    persistenceFound(state, action: PayloadAction<Persistence>) {
      state.persistence = action.payload
    },
    /** Whether another device is deleting the account, as the server says each time it changes. */
    accountStandingChanged(state, action: PayloadAction<boolean>) {
      state.accountClosing = action.payload
    },
    changesHeldInMemory(state) {
      state.inMemory = true
    },
    changesHeldLong(state) {
      state.inMemoryLong = state.inMemory
    },
    changesOnDisk(state) {
      state.inMemory = false
      state.inMemoryLong = false
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(connectivityLost, (state) => {
        state.online = false
        state.serverSeen = false
      })
      .addCase(connectivityRestored, (state) => {
        state.online = true
      })
      .addCase(tasksSnapshotReceived, (state, { payload }) => {
        state.pending = payload.hasPendingWrites
        state.serverSeen = !payload.fromCache
        if (!state.pending) state.slow = false
      })
      .addCase(tasksCleared, (state) => {
        state.pending = false
        state.slow = false
      })
      .addCase(taskSaveFailed, (state, { payload }) => {
        if (payload.code === 'unavailable') state.deviceFull = true
      })
      .addCase(userSignedOut, (state, { payload }) => {
        state.unsavedLeft = payload.unsavedLeft
      })
      .addCase(accountDeletedElsewhere, (state, { payload: { dropped, gone } }) => {
        state.deletedElsewhere = { dropped, gone }
        state.accountClosing = false
      })
      .addCase(authStateChanged, (state, { payload }) => {
        state.accountClosing = false
        if (!payload) return
        state.unsavedLeft = false
        state.deletedElsewhere = null
      })
  },
})

export const {
  writesSlowed,
  persistenceFound,
  changesHeldInMemory,
  changesHeldLong,
  changesOnDisk,
  accountStandingChanged,
} = syncSlice.actions
export const syncReducer = syncSlice.reducer

export const OFFLINE_PENDING_MESSAGE = 'Offline: changes are kept on this device and will be sent'
export const OFFLINE_MESSAGE =
  'Offline: showing the tasks kept on this device. Changes will be sent when you are back online.'
export const SAVING_MESSAGE = 'Saving…'
export const MEMORY_ONLY_MESSAGE =
  'This device cannot keep your changes: they will not survive a reload'
export const DEVICE_FULL_MESSAGE =
  'This device is out of storage space: changes may not be kept or sent. Free some space, then reload the page.'
export const UNSAVED_LEFT_MESSAGE =
  'Signed out. Changes not yet sent stay on this device until you sign in here again.'

export const ACCOUNT_CLOSING_MESSAGE =
  'Your account is being deleted on another device. Changes made here wait, and are saved if it stops.'

export function deletedElsewhereMessage(dropped: number, gone = true): string {
  const said = gone
    ? 'Your account was deleted on another device, so you are signed out here.'
    : 'Your account is being deleted on another device, so you are signed out here.'
  if (dropped === 0) return said
  const changes = dropped === 1 ? '1 change' : `${dropped.toLocaleString('en-US')} changes`
  return `${said} ${changes} not yet sent from here ${dropped === 1 ? 'was' : 'were'} dropped.`
}

function unsavedRowsMessage(state: RootState): string | null {
  const { count, latest } = selectUnsavedRows(state)
  if (latest === undefined) return null
  const reason = refusalReason(latest.kind, latest.code, state.sync.accountClosing)
  const said = `Not saved: ${named(latest.text)}: ${reason}.`
  if (count === 1) return said
  return `${said} ${String(count - 1)} more ${count === 2 ? 'change is' : 'changes are'} not saved either.`
}

export const selectAccountClosing = ({ sync }: RootState) => sync.accountClosing

/** The list's last snapshot came from the server, and the browser has not said offline since. */
export const selectServerSeen = ({ sync }: RootState) => sync.serverSeen

/** Offline only while the server has not shown otherwise since the browser said so. */
export const selectServerMayAnswer = ({ sync }: RootState) => sync.online || sync.serverSeen

/** Whether a change is in the page's memory alone (the sync line says so to the tests too). */
export const selectChangesInMemory = (state: RootState): boolean => state.sync.inMemory

/** The most urgent first. */
export function selectSyncMessage(state: RootState): string | null {
  const { online, serverSeen, pending, slow, persistence, unsavedLeft, deviceFull } = state.sync
  const { deletedElsewhere } = state.sync
  if (deletedElsewhere !== null)
    return deletedElsewhereMessage(deletedElsewhere.dropped, deletedElsewhere.gone)
  if (state.sync.accountClosing) return ACCOUNT_CLOSING_MESSAGE
  // A full device is why the changes marked in their rows were not kept.
  if (deviceFull) return DEVICE_FULL_MESSAGE
  const refused = unsavedRowsMessage(state)
  if (refused !== null) return refused
  if (unsavedLeft) return UNSAVED_LEFT_MESSAGE
  // Not yet on the device's disk, offline too: leaving now would lose it.
  if (state.sync.inMemoryLong && persistence === 'device') return SAVING_MESSAGE
  // Offline only while the server has not shown otherwise: its answer is the better evidence.
  if (!online && !serverSeen) return pending ? OFFLINE_PENDING_MESSAGE : OFFLINE_MESSAGE
  if (persistence === 'memory') return MEMORY_ONLY_MESSAGE
  if (slow && pending) return SAVING_MESSAGE
  return null
}
