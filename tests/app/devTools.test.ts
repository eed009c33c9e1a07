import type * as Toolkit from '@reduxjs/toolkit'
import type { DevToolsEnhancerOptions, UnknownAction } from '@reduxjs/toolkit'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { DEVTOOLS_MAX_AGE, sanitizeAction, sanitizeState } from '../../src/app/devTools'
import { rootReducer } from '../../src/app/store'
import {
  finishedTasksCleared,
  taskMarkedDone,
  tasksImported,
  tasksLoadStarted,
  tasksRestored,
  unsavedChangesRetried,
} from '../../src/features/tasks/model/tasksSlice'
import type { Task } from '../../src/services/types'
import { createTestServices } from '../support/services'
import { changed, EMAIL, snapshotOf, storedTask } from '../support/store'

// What Redux DevTools is sent, measured as it sends it: serialized.

const tasks = (count: number, isFinished = false) =>
  Array.from({ length: count }, (_, i) =>
    storedTask(`t${String(i).padStart(5, '0')}`, isFinished, i, `Task number ${String(i)}`),
  )
/** The state after EMAIL's list of `list` loaded, made by the reducers alone (no middleware). */
const stateWith = (list: Task[]) =>
  [tasksLoadStarted({ email: EMAIL }), snapshotOf(list.map((task) => changed(task)))].reduce(
    rootReducer,
    rootReducer(undefined, { type: '@@INIT' }),
  )
const size = (value: unknown) => JSON.stringify(value).length
const FEW_KB = 4096

describe('the action sanitizer', () => {
  it('sends a 5,000-task action as a count, in a few kB', () => {
    const many = tasks(5000, true)
    const big: UnknownAction[] = [
      snapshotOf(many.map((task) => changed(task))),
      finishedTasksCleared(many),
      tasksRestored(many),
      unsavedChangesRetried(many.map((task) => ({ kind: 'add', task }))),
    ]
    for (const action of big) expect(size(action)).toBeGreaterThan(400_000)

    const sent = big.map(sanitizeAction)
    for (const action of sent) expect(size(action)).toBeLessThan(FEW_KB)
    expect(sent.map((action) => action.payload)).toEqual([
      {
        email: EMAIL,
        updates: '<<5000 updates>>',
        fromCache: false,
        hasPendingWrites: false,
      },
      '<<5000 tasks>>',
      '<<5000 tasks>>',
      '<<5000 writes>>',
    ])
    expect(sent.map((action) => action.type)).toEqual(big.map((action) => action.type))
  })

  it('passes a short list and any other action through unchanged', () => {
    const few = tasks(3)
    const small: UnknownAction[] = [
      snapshotOf(few.map((task) => changed(task))),
      finishedTasksCleared(few),
      tasksRestored(few),
      unsavedChangesRetried([{ kind: 'delete', id: 't1', text: 'Task 1', deleted: null }]),
      taskMarkedDone({ id: 't1', order: 2 ** 40, rank: null }),
    ]
    for (const action of small) expect(sanitizeAction(action)).toBe(action)
  })
})

describe('the state sanitizer', () => {
  it('sends a 5,000-task state as a count, in a few kB, leaving the state as it was', () => {
    const state = stateWith(tasks(5000))
    expect(size(state)).toBeGreaterThan(400_000)

    const sent = sanitizeState(state)
    expect(size(sent)).toBeLessThan(FEW_KB)
    expect(sent).toMatchObject({
      tasks: { ids: '<<5000 tasks>>', table: '<<5000 tasks>>', status: 'loaded' },
      auth: state.auth,
      sync: state.sync,
    })
    expect(state.tasks.ids).toHaveLength(5000)
    expect(Object.isFrozen(state.tasks)).toBe(true)
  })

  it('sends the ids of a 5,000-task import as a count', () => {
    const state = [tasksImported(tasks(5000), 'i1', true)].reduce(rootReducer, stateWith([]))
    expect(state.undo.imported?.ids).toHaveLength(5000)
    const sent = sanitizeState(state)
    expect(size(sent)).toBeLessThan(FEW_KB)
    expect(sent).toMatchObject({ undo: { imported: { id: 'i1', ids: '<<5000 ids>>' } } })
  })

  it('sends the Undo of a 5,000-task Clear finished as a count', () => {
    const state = rootReducer(stateWith([]), finishedTasksCleared(tasks(5000, true)))
    expect(state.undo.deleted?.tasks).toHaveLength(5000)
    const sent = sanitizeState(state)
    expect(size(sent)).toBeLessThan(FEW_KB)
    expect(sent).toMatchObject({ undo: { deleted: { cleared: true, tasks: '<<5000 tasks>>' } } })
  })

  it('passes a short list through unchanged', () => {
    const state = stateWith(tasks(3))
    expect(sanitizeState(state)).toBe(state)
  })
})

describe('the store', () => {
  it('hands Redux DevTools the sanitizers and the history cap', async () => {
    const toolkit = await vi.importActual<typeof Toolkit>('@reduxjs/toolkit')
    const configureStore = vi.fn(toolkit.configureStore)
    vi.doMock('@reduxjs/toolkit', () => ({ ...toolkit, configureStore }))
    onTestFinished(() => {
      vi.doUnmock('@reduxjs/toolkit')
    })
    // The store module again, now importing the spy.
    vi.resetModules()
    const { setupStore } = await import('../../src/app/store')
    setupStore(createTestServices().services)

    // On in development and tests (import.meta.env.DEV), with our options.
    const options = configureStore.mock.calls[0]?.[0].devTools as DevToolsEnhancerOptions
    expect(options.maxAge).toBe(DEVTOOLS_MAX_AGE)
    expect(options.actionSanitizer?.(tasksRestored(tasks(5000)), 1).payload).toBe('<<5000 tasks>>')
    const state = stateWith(tasks(5000))
    expect(options.stateSanitizer?.(state, 1).tasks.ids).toBe('<<5000 tasks>>')
  })
})
