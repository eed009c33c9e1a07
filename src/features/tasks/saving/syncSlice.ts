import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { connectivityLost, connectivityRestored } from '../../../app/hooks'
import type { RootState } from '../../../app/store'
import type { Persistence } from '../../../services/types'
import { accountDeletedElsewhere, authStateChanged, userSignedOut } from '../../auth'
import { taskSaveFailed, tasksCleared, tasksSnapshotReceived } from '../model/tasksSlice'
import { named, refusalReason, selectUnsavedRows } from './unsaved'

/**
 * Whether the person's changes are safe, as they need to know it: nothing while all is saved,
 * a word when offline, slow, refused, or kept in memory only.
 */
export interface SyncState {
  /** What the browser says (`navigator.onLine` and its events), which can be wrong. */
  online: boolean
  /**
   * The server has answered since the browser last said it was offline (a live-query report
   * not from the cache): the browser is wrong (a host reaching its server over loopback alone).
   */
  serverSeen: boolean
  /** The list shows changes the server has not acknowledged yet (made in any tab). */
  pending: boolean
  /** Changes have been waiting for the server for over a second. */
  slow: boolean
  /** Where the tasks and unsent changes are kept: on the device, or in memory only. */
  persistence: Persistence
  /** Signed out with changes not yet sent: they stay on this device for the next sign-in. */
  unsavedLeft: boolean
  /**
   * The device's storage refused a write (it is full): the database client then stops sending
   * (firebase-js-sdk issue 5031), so this is said until the page is loaded again.
   */
  deviceFull: boolean
  /** The account was deleted on another device: how many changes of this one were dropped. */
  deletedElsewhere: number | null
}

const initialState: SyncState = {
  online: true,
  serverSeen: false,
  pending: false,
  slow: false,
  persistence: 'device',
  unsavedLeft: false,
  deviceFull: false,
  deletedElsewhere: null,
}

const syncSlice = createSlice({
  name: 'sync',
  initialState,
  reducers: {
    /** Changes have now waited over a second (the listener times it). */
    writesSlowed(state) {
      state.slow = state.pending
    },
    persistenceFound(state, action: PayloadAction<Persistence>) {
      state.persistence = action.payload
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

export const { writesSlowed, persistenceFound } = syncSlice.actions
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

/** After the account was deleted on another device, with `dropped` changes of this one. */
export function deletedElsewhereMessage(dropped: number): string {
  const said = 'Your account was deleted on another device, so you are signed out here.'
  if (dropped === 0) return said
  const changes = dropped === 1 ? '1 change' : `${dropped.toLocaleString('en-US')} changes`
  return `${said} ${changes} not yet sent from here ${dropped === 1 ? 'was' : 'were'} dropped.`
}

/**
 * What the line says of changes refused and marked in their rows: the latest, named, and how
 * many more. (Refused deletes have their own line, with Retry and Discard: UnsavedDeletes.)
 */
function unsavedRowsMessage(state: RootState): string | null {
  const { count, latest } = selectUnsavedRows(state)
  if (latest === undefined) return null
  const said = `Not saved: ${named(latest.text)}: ${refusalReason(latest.kind, latest.code)}.`
  if (count === 1) return said
  return `${said} ${String(count - 1)} more ${count === 2 ? 'change is' : 'changes are'} not saved either.`
}

/** The one line the sync status says, or null when all is saved; the most urgent first. */
export function selectSyncMessage(state: RootState): string | null {
  const { online, serverSeen, pending, slow, persistence, unsavedLeft, deviceFull } = state.sync
  if (state.sync.deletedElsewhere !== null)
    return deletedElsewhereMessage(state.sync.deletedElsewhere)
  // A full device first: it is why the changes marked in their rows were not kept.
  if (deviceFull) return DEVICE_FULL_MESSAGE
  const refused = unsavedRowsMessage(state)
  if (refused !== null) return refused
  if (unsavedLeft) return UNSAVED_LEFT_MESSAGE
  // Offline only while the server has not shown otherwise: its answer is the better evidence.
  if (!online && !serverSeen) return pending ? OFFLINE_PENDING_MESSAGE : OFFLINE_MESSAGE
  if (persistence === 'memory') return MEMORY_ONLY_MESSAGE
  if (slow && pending) return SAVING_MESSAGE
  return null
}
