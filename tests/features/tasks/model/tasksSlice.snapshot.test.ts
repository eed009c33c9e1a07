import { describe, expect, it } from 'vitest'
import type { AppStore } from '../../../../src/app/store'
import { authStateChanged } from '../../../../src/features/auth/authSlice'
import { toggleTask } from '../../../../src/features/tasks/model/commands'
import {
  selectAllTasks,
  selectListAvailability,
  selectTaskIds,
  taskSaveFailed,
  tasksCleared,
  tasksLoadFailed,
  tasksLoadLate,
  tasksLoadStarted,
  tasksSnapshotReceived,
} from '../../../../src/features/tasks/model/tasksSlice'
import { ADA } from '../../../support/fakeAuthService'
import { changed, EMAIL, snapshotOf, storedTask, storeWithList } from '../../../support/store'
import { nextDue } from '../../../../src/features/tasks/model/recurrence'

// The live query's reports as the tasks slice applies them.

const ids = (store: AppStore) => selectTaskIds(store.getState())
const GRACE = 'grace@example.com'

describe('the first report', () => {
  it('loads the list, sorted by order then id', () => {
    const { store } = storeWithList()
    expect(store.getState().tasks.status).toBe('loaded')
    store.dispatch(tasksLoadStarted({ email: EMAIL }))
    expect(store.getState().tasks.status).toBe('loading')
    store.dispatch(
      snapshotOf([
        changed(storedTask('c', true, 9)),
        changed(storedTask('b', false, 1)),
        changed(storedTask('a', false, 1)),
      ]),
    )
    expect(ids(store)).toEqual(['a', 'b', 'c'])
    expect(store.getState().tasks.status).toBe('loaded')
  })

  it('of an empty list makes the list known to be empty', () => {
    const { store } = storeWithList()
    store.dispatch(authStateChanged(ADA))
    store.dispatch(tasksLoadStarted({ email: EMAIL }))
    expect(selectListAvailability(store.getState())).toBe('pending')
    store.dispatch(snapshotOf([]))
    expect(selectListAvailability(store.getState())).toBe('empty')
  })

  it('from the device’s cache, empty, is not an empty list: the list is still coming', () => {
    const { store } = storeWithList()
    store.dispatch(authStateChanged(ADA))
    store.dispatch(tasksLoadStarted({ email: EMAIL }))
    const fromCache = { email: EMAIL, fromCache: true, hasPendingWrites: false }
    store.dispatch(tasksSnapshotReceived({ ...fromCache, updates: [] }))
    expect(selectListAvailability(store.getState())).toBe('pending')
    store.dispatch(tasksLoadLate({ email: EMAIL }))
    expect(selectListAvailability(store.getState())).toBe('late')
    // Kept on the device, a list with tasks is one: it shows.
    store.dispatch(tasksSnapshotReceived({ ...fromCache, updates: [changed(storedTask('a'))] }))
    expect(store.getState().tasks).toMatchObject({ status: 'loaded', late: false })
  })
})

describe('a later report', () => {
  it('applies another device’s change, moving the row where its order puts it', () => {
    const { store } = storeWithList([storedTask('a', false, 0), storedTask('b', false, 1)])
    store.dispatch(snapshotOf([changed({ ...storedTask('a', true, 5), task: 'Done elsewhere' })]))
    expect(selectAllTasks(store.getState())).toEqual([
      storedTask('b', false, 1),
      { ...storedTask('a', true, 5), task: 'Done elsewhere' },
    ])
  })

  it('places several changes at once each where it sorts, whatever their order in the report', () => {
    const list = ['a', 'b', 'c', 'd', 'e'].map((id, i) => storedTask(id, false, 10 * (i + 1)))
    const { store } = storeWithList(list)
    // b goes to the top, and a new task just below it: placed while b still sat at its old
    // place, the new one went after a (issue 37: a row out of order until a reload).
    store.dispatch(
      snapshotOf([changed(storedTask('n', false, 5)), changed(storedTask('b', false, 0))]),
    )
    expect(ids(store)).toEqual(['b', 'n', 'a', 'c', 'd', 'e'])
  })

  it('adds a new task and removes a deleted one', () => {
    const { store } = storeWithList([storedTask('a', false, 0)])
    store.dispatch(snapshotOf([changed(storedTask('n', false, 1))]))
    store.dispatch(snapshotOf([{ kind: 'removed', id: 'a', pendingHere: false }]))
    expect(ids(store)).toEqual(['n'])
  })

  it('keeps the same state when nothing changed (no re-render)', () => {
    const tasks = [storedTask('a', false, 0), storedTask('b', false, 1)]
    const { store } = storeWithList(tasks)
    const before = store.getState().tasks
    store.dispatch(snapshotOf(tasks.map((task) => changed({ ...task }))))
    store.dispatch(snapshotOf([{ kind: 'removed', id: 'gone', pendingHere: false }]))
    expect(store.getState().tasks).toBe(before)
  })

  it('ignores a change this page still waits to have saved: the page’s click is newer', () => {
    const { store } = storeWithList([storedTask('a', false, 0)])
    store.dispatch(toggleTask('a', nextDue))
    const after = store.getState().tasks
    store.dispatch(snapshotOf([changed(storedTask('a', false, 0), true)]))
    store.dispatch(snapshotOf([{ kind: 'removed', id: 'a', pendingHere: true }]))
    expect(store.getState().tasks).toBe(after)
  })

  it('of another user’s list changes nothing', () => {
    const { store } = storeWithList([storedTask('a')])
    const before = store.getState().tasks
    store.dispatch(snapshotOf([changed({ ...storedTask('x'), email: GRACE })], GRACE))
    expect(store.getState().tasks).toBe(before)
  })
})

describe('another owner', () => {
  it('starting to load empties the list at once, and the old user’s reports are ignored', () => {
    const { store } = storeWithList([storedTask('a')])
    store.dispatch(taskSaveFailed({ id: 'a', kind: 'update', text: 'x', code: 'unknown' }))
    store.dispatch(tasksLoadStarted({ email: GRACE }))
    expect(store.getState().tasks).toMatchObject({ owner: GRACE, status: 'loading', unsaved: {} })
    expect(ids(store)).toEqual([])
    store.dispatch(snapshotOf([changed(storedTask('stale'))]))
    store.dispatch(tasksLoadFailed({ email: EMAIL }))
    expect(ids(store)).toEqual([])
    expect(store.getState().tasks.status).toBe('loading')
  })

  it('the same owner loading again keeps the list shown', () => {
    const { store } = storeWithList([storedTask('a')])
    store.dispatch(tasksLoadStarted({ email: EMAIL }))
    expect(ids(store)).toEqual(['a'])
  })

  it('a failed load says so; signing out clears everything', () => {
    const { store } = storeWithList([storedTask('a')])
    store.dispatch(tasksLoadFailed({ email: EMAIL }))
    expect(selectListAvailability(store.getState())).toBe('failed')
    store.dispatch(tasksCleared())
    expect(store.getState().tasks).toMatchObject({ ids: [], owner: null, status: 'idle' })
  })
})
