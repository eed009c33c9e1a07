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
  deletedElsewhere: number | null
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
      .addCase(accountDeletedElsewhere, (state, { payload }) => {
        state.deletedElsewhere = payload.dropped
      })
      .addCase(authStateChanged, (state, { payload }) => {
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

export function deletedElsewhereMessage(dropped: number): string {
  const said = 'Your account was deleted on another device, so you are signed out here.'
  if (dropped === 0) return said
  const changes = dropped === 1 ? '1 change' : `${dropped.toLocaleString('en-US')} changes`
  return `${said} ${changes} not yet sent from here ${dropped === 1 ? 'was' : 'were'} dropped.`
}

function unsavedRowsMessage(state: RootState): string | null {
  const { count, latest } = selectUnsavedRows(state)
  if (latest === undefined) return null
  const said = `Not saved: ${named(latest.text)}: ${refusalReason(latest.kind, latest.code)}.`
  if (count === 1) return said
  return `${said} ${String(count - 1)} more ${count === 2 ? 'change is' : 'changes are'} not saved either.`
}

/** Whether a change is in the page's memory alone (the sync line says so to the tests too). */
export const selectChangesInMemory = (state: RootState): boolean => state.sync.inMemory

/** The most urgent first. */
export function selectSyncMessage(state: RootState): string | null {
  const { online, serverSeen, pending, slow, persistence, unsavedLeft, deviceFull } = state.sync
  if (state.sync.deletedElsewhere !== null)
    return deletedElsewhereMessage(state.sync.deletedElsewhere)
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
