import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectivityLost, connectivityRestored } from '../../../../src/app/hooks'
import { authStateChanged, userSignedOut } from '../../../../src/features/auth/authSlice'
import {
  DEVICE_FULL_MESSAGE,
  MEMORY_ONLY_MESSAGE,
  OFFLINE_MESSAGE,
  OFFLINE_PENDING_MESSAGE,
  persistenceFound,
  SAVING_MESSAGE,
  selectSyncMessage,
  UNSAVED_LEFT_MESSAGE,
  writesSlowed,
} from '../../../../src/features/tasks/saving/syncSlice'
import {
  taskSaveFailed,
  tasksSnapshotReceived,
  unsavedChangesDiscarded,
} from '../../../../src/features/tasks/model/tasksSlice'
import { refusalReason } from '../../../../src/features/tasks/saving/unsaved'
import { ADA } from '../../../support/fakeAuthService'
import { EMAIL, storedTask, storeWithList } from '../../../support/store'

// The sync line's state, driven by the events it follows (its listeners' timers are in
// listeners.test.ts).

/** A live-query report; offline, the SDK answers from the device's cache. */
const report = (hasPendingWrites: boolean, fromCache = false) =>
  tasksSnapshotReceived({ email: EMAIL, updates: [], fromCache, hasPendingWrites })
const refused = (text: string, kind: 'add' | 'update', code: string) =>
  taskSaveFailed({ id: 'a', kind, text, code })

/** A list holding task a, whose changes the server may refuse. */
function syncStore() {
  // The listeners' timers stay still: only the reducers speak here.
  vi.useFakeTimers()
  const { store } = storeWithList([storedTask('a')])
  return { store, message: () => selectSyncMessage(store.getState()) }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the sync line', () => {
  it('says one thing at a time, the most urgent, and nothing once all is well', () => {
    const { store, message } = syncStore()
    const steps: [Parameters<typeof store.dispatch>[0], string | null][] = [
      [report(true), null],
      [writesSlowed(), SAVING_MESSAGE],
      [persistenceFound('memory'), MEMORY_ONLY_MESSAGE],
      [connectivityLost(), OFFLINE_PENDING_MESSAGE],
      [userSignedOut({ email: EMAIL, unsavedLeft: true }), UNSAVED_LEFT_MESSAGE],
      [
        refused('Buy milk', 'add', 'permission-denied'),
        'Not saved: “Buy milk”: the server refused it.',
      ],
      [unsavedChangesDiscarded(['a']), UNSAVED_LEFT_MESSAGE],
      [authStateChanged(ADA), OFFLINE_PENDING_MESSAGE],
      [report(false, true), OFFLINE_MESSAGE],
      [connectivityRestored(), MEMORY_ONLY_MESSAGE],
      [persistenceFound('device'), null],
    ]
    for (const [action, said] of steps) {
      store.dispatch(action)
      expect({ after: action.type, said: message() }).toEqual({ after: action.type, said })
    }
  })

  it('says nothing of offline once the server has answered, whatever the browser says', () => {
    const { store, message } = syncStore()
    store.dispatch(connectivityLost())
    store.dispatch(report(true, true))
    expect(message()).toBe(OFFLINE_PENDING_MESSAGE)
    // A host reaching its server over loopback alone: the browser says offline, wrongly.
    store.dispatch(report(false))
    expect(message()).toBeNull()
    store.dispatch(connectivityLost())
    expect(message()).toBe(OFFLINE_MESSAGE)
  })

  it('says "Saving…" only while changes wait', () => {
    const { store, message } = syncStore()
    store.dispatch(writesSlowed())
    expect(message()).toBeNull()
    store.dispatch(report(true))
    store.dispatch(writesSlowed())
    store.dispatch(report(false))
    expect(message()).toBeNull()
  })

  it('names the refused task, shortened past 40 characters', () => {
    const { store, message } = syncStore()
    store.dispatch(refused(`${'x'.repeat(39)}yz`, 'update', 'permission-denied'))
    expect(message()).toBe(`Not saved: “${'x'.repeat(39)}…”: the server refused it.`)
  })

  it.each([
    ['update', 'not-found', 'it was deleted on another device'],
    ['update', 'permission-denied', 'the server refused it'],
    ['add', 'invalid-argument', 'the server did not accept it'],
    ['update', 'out-of-range', 'the server did not accept it'],
    ['add', 'resource-exhausted', 'there is no room left to keep it'],
    ['add', 'not-found', 'the server refused it (not-found)'],
    ['update', 'unknown', 'the server refused it (unknown)'],
  ] as const)('says why a refused %s (%s) was: %s', (kind, code, reason) => {
    const { store, message } = syncStore()
    store.dispatch(refused('Walk', kind, code))
    expect(message()).toBe(`Not saved: “Walk”: ${reason}.`)
  })

  it('once the device’s storage refused a write, says so first (its row says why), until a reload', () => {
    const { store, message } = syncStore()
    store.dispatch(refused('Walk', 'add', 'unavailable'))
    expect(message()).toBe(DEVICE_FULL_MESSAGE)
    expect(refusalReason('add', 'unavailable')).toBe('this device has no room left to keep it')
    store.dispatch(unsavedChangesDiscarded(['a']))
    expect(message()).toBe(DEVICE_FULL_MESSAGE)
  })
})
