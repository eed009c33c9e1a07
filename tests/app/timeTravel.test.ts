import { isPlain, type UnknownAction } from '@reduxjs/toolkit'
import { describe, expect, it } from 'vitest'
import { connectivityLost } from '../../src/app/hooks'
import { rootReducer, setupStore } from '../../src/app/store'
import { authStateChanged, signOutRequested } from '../../src/features/auth/authSlice'
import {
  finishedTasksCleared,
  taskAdded,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskSaveFailed,
  tasksLoadStarted,
  tasksRestored,
  taskTextSaved,
} from '../../src/features/tasks/model/tasksSlice'
import { newTask } from '../../src/services/taskDocument'
import { ADA } from '../support/fakeAuthService'
import { createTestServices } from '../support/services'
import { changed, EMAIL, snapshotOf, storedTask } from '../support/store'

// A session as DevTools records it: every action the store saw, made once (ids included).
const first = taskAdded(newTask({ task: 'First', email: EMAIL, order: 1 }))
const second = taskAdded(newTask({ task: 'Second', email: EMAIL, order: 2 }))
const stored = [storedTask('a', false, 0), storedTask('b', true, 2 ** 40)]
const session: UnknownAction[] = [
  authStateChanged(ADA),
  tasksLoadStarted({ email: EMAIL }),
  snapshotOf(stored.map((task) => changed(task))),
  first,
  second,
  taskMarkedDone({ id: first.payload.id, order: 2 ** 40 + 1, rank: null }),
  taskTextSaved({ id: 'a', task: 'Renamed' }),
  taskMarkedIncomplete({ id: 'b', order: -1, rank: null }),
  taskDeleted({ ...storedTask('a', false, 0), task: 'Renamed' }),
  tasksRestored([storedTask('a', false, 0)]),
  taskSaveFailed({ id: 'b', kind: 'update', text: 'Task b', code: 'permission-denied' }),
  finishedTasksCleared([{ ...storedTask(first.payload.id, true, 2 ** 40 + 1), task: 'First' }]),
  connectivityLost(),
  signOutRequested(),
]

describe('Redux DevTools time travel', () => {
  it('replaying the recorded actions through the reducer gives the same state', () => {
    const store = setupStore(createTestServices({ stored }).services)
    for (const action of session) store.dispatch(action)
    // DevTools recomputes states by running the reducer over the log, without the middleware.
    const replayed = session.reduce(rootReducer, rootReducer(undefined, { type: '@@INIT' }))
    expect(replayed).toEqual(store.getState())
    expect(store.getState().tasks.ids).toEqual(['b', 'a', second.payload.id])
    // Clear finished's Undo is offered again: it is state, made from the log.
    expect(replayed.undo.deleted).toMatchObject({ cleared: true, count: 2 })
  })

  it('every action and every state is plain, serializable data', () => {
    const store = setupStore(createTestServices({ stored }).services)
    for (const action of session) {
      store.dispatch(action)
      expect(isPlain(action)).toBe(true)
      expect(JSON.parse(JSON.stringify(action))).toEqual(action)
      expect(JSON.parse(JSON.stringify(store.getState()))).toEqual(store.getState())
    }
  })

  it('actions are events named feature/eventName', () => {
    for (const { type } of session) expect(type).toMatch(/^(app|auth|tasks|sync)\/[a-z]+[A-Za-z]*$/)
  })
})
