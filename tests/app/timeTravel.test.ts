import { isPlain, type UnknownAction } from '@reduxjs/toolkit'
import { describe, expect, it } from 'vitest'
import { rootReducer, setupStore } from '../../src/app/store'
import { tasksLoaded, tasksLoadStarted } from '../../src/features/tasks/tasksSlice'
import {
  taskAdded,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskTextSaved,
} from '../../src/features/tasks/taskEdits'
import { createTestServices } from '../support/services'
import { EMAIL, loadedTask } from '../support/store'

const session: UnknownAction[] = [
  tasksLoadStarted({ email: EMAIL }),
  tasksLoaded({ email: EMAIL, tasks: [loadedTask('a', false, 0), loadedTask('b', true, 9)] }),
  taskAdded({ id: 'n1', task: 'First', email: EMAIL }),
  taskAdded({ id: 'n2', task: 'Second', email: EMAIL }),
  taskMarkedDone('n1'),
  taskTextSaved({ id: 'n2', task: 'Second, renamed' }),
  taskMarkedIncomplete('b'),
  taskDeleted('a'),
]

describe('Redux DevTools time travel', () => {
  it('replaying a recorded action log through the reducer gives the same state', () => {
    const { services } = createTestServices()
    const store = setupStore(services)
    for (const action of session) store.dispatch(action)

    // DevTools recomputes states by running the reducer over the log, without the middleware.
    const replayed = session.reduce(rootReducer, rootReducer(undefined, { type: '@@INIT' }))
    expect(replayed).toEqual(store.getState())
  })

  it('replaying the log on a fresh store gives the same state', () => {
    const recorded = setupStore(createTestServices().services)
    for (const action of session) recorded.dispatch(action)
    const fresh = setupStore(createTestServices().services)
    for (const action of session) fresh.dispatch(action)
    expect(fresh.getState()).toEqual(recorded.getState())
  })

  it('every action and state is plain serializable data, with event-like type names', () => {
    const { services } = createTestServices()
    const store = setupStore(services)
    for (const action of session) {
      store.dispatch(action)
      expect(JSON.parse(JSON.stringify(store.getState()))).toEqual(store.getState())
      expect(isPlain(action)).toBe(true)
      expect(action.type).toMatch(
        /^tasks\/tasks?(LoadStarted|Loaded|Added|MarkedDone|MarkedIncomplete|TextSaved|Deleted|Cleared)$/,
      )
    }
  })
})
