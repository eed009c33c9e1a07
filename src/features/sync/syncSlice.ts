import type { PayloadAction } from '@reduxjs/toolkit'
import { connectivityLost, connectivityRestored } from '../../app/actions'
import { createSlice } from '../../app/slice'
import type { RootState } from '../../app/store'

/**
 * Whether this device's changes have reached the server, as the person needs to know it:
 * nothing while all is saved, and a word only when something is slow, offline or refused.
 */
export interface SyncState {
  /** Writes recorded on this device that the server has not acknowledged yet. */
  pending: number
  /** A write has been waiting for the server for over a second. */
  slow: boolean
  /** The browser is offline, or the server could not be reached at the last attempt. */
  offline: boolean
  /** The last write the server refused for good, in words; shown for a while. */
  refused: string | null
  /** Where changes are kept: on the device (IndexedDB), or in memory only (lost at a reload). */
  storage: 'device' | 'memory'
}

const initialState: SyncState = {
  pending: 0,
  slow: false,
  offline: false,
  refused: null,
  storage: 'device',
}

const syncSlice = createSlice({
  name: 'sync',
  initialState,
  reducers: {
    /** The outbox's count of unacknowledged writes, and whether they survive a reload. */
    outboxReported(state, action: PayloadAction<{ pending: number; durable: boolean }>) {
      state.pending = action.payload.pending
      state.storage = action.payload.durable ? 'device' : 'memory'
      if (state.pending === 0) state.slow = false
    },
    /** A write has now waited over a second (the listener times it, not the reducer). */
    writesSlowed(state) {
      if (state.pending > 0) state.slow = true
    },
    /** The server took a write: it can be reached, and an older refusal is history. */
    writeDelivered(state) {
      state.offline = false
      state.refused = null
    },
    /** A send failed because the server or the network could not be reached. */
    serverUnreachable(state) {
      state.offline = true
    },
    /** The server refused a write for good; `reason` says why, in words. */
    writeRefused(state, action: PayloadAction<{ reason: string }>) {
      state.refused = action.payload.reason
    },
    /** The refusal has been shown long enough. */
    refusalShown(state) {
      state.refused = null
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(connectivityLost, (state) => {
        state.offline = true
      })
      .addCase(connectivityRestored, (state) => {
        state.offline = false
      })
  },
})

export const {
  outboxReported,
  writesSlowed,
  writeDelivered,
  serverUnreachable,
  writeRefused,
  refusalShown,
} = syncSlice.actions

export const syncReducer = syncSlice.reducer

export const OFFLINE_MESSAGE = 'Offline: changes are kept on this device and will be sent'
export const SAVING_MESSAGE = 'Saving…'
export const MEMORY_ONLY_MESSAGE =
  'This device cannot keep your changes: they will not survive a reload'

/**
 * The one line the sync status says, or null when all is saved. A refusal is named first (the
 * person must learn of it), then offline with writes waiting, then a slow write.
 */
export function selectSyncMessage(state: RootState): string | null {
  const { pending, slow, offline, refused, storage } = state.sync
  if (refused !== null) return `Not saved: ${refused}`
  if (offline && pending > 0) return OFFLINE_MESSAGE
  if (storage === 'memory') return MEMORY_ONLY_MESSAGE
  if (slow && pending > 0) return SAVING_MESSAGE
  return null
}
