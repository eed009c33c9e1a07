import { describe, expect, it } from 'vitest'
import type { AppStore } from '../../../../src/app/store'
import { retryChanges, deleteTask, toggleTask } from '../../../../src/features/tasks/model/commands'
import {
  selectAllTasks,
  taskSaveFailed,
  taskTextSaved,
  unsavedChangesDiscarded,
} from '../../../../src/features/tasks/model/tasksSlice'
import { selectUnsaved, selectUnsavedDeletes } from '../../../../src/features/tasks/saving/unsaved'
import type { Task } from '../../../../src/services/types'
import { settle } from '../../../support/settle'
import { changed, snapshotOf, storedTask, storeWithList } from '../../../support/store'
import { nextDue } from '../../../../src/features/tasks/model/recurrence'

// A change the server refused, as the tasks slice keeps it (unsaved.ts): never undone by itself,
// retried or discarded when the person says so. The refusals are dispatched as effects/listeners.ts does.

const texts = (store: AppStore) => selectAllTasks(store.getState()).map((task) => task.task)
const refused = (id: string, kind: 'add' | 'update' | 'delete', text: string, deleted?: Task) =>
  taskSaveFailed({ id, kind, text, code: 'permission-denied', ...(deleted && { deleted }) })

const threeTasks = () =>
  storeWithList([storedTask('a', false, 0), storedTask('b', false, 1), storedTask('c', false, 2)])

describe('a refused change', () => {
  it('stays as the person left it whatever the server says meanwhile, marked, with no end', () => {
    const { store } = threeTasks()
    store.dispatch(taskTextSaved({ id: 'a', task: 'Mine' }))
    store.dispatch(refused('a', 'update', 'Mine'))
    // The SDK rolls its cache back and reports the server's version; another device ticks b.
    store.dispatch(
      snapshotOf([changed(storedTask('a', false, 0)), changed(storedTask('b', true, 7))]),
    )
    expect(texts(store)).toEqual(['Mine', 'Task c', 'Task b'])
    expect(selectUnsaved(store.getState(), 'a')).toMatchObject({
      kind: 'update',
      code: 'permission-denied',
      server: storedTask('a', false, 0),
    })
  })

  it('Discard shows the server’s version, where its order puts it', () => {
    const { store } = threeTasks()
    store.dispatch(toggleTask('a', nextDue))
    store.dispatch(refused('a', 'update', 'Task a'))
    store.dispatch(snapshotOf([changed(storedTask('a', false, 0))]))
    expect(texts(store)).toEqual(['Task b', 'Task c', 'Task a'])
    store.dispatch(unsavedChangesDiscarded(['a']))
    expect(texts(store)).toEqual(['Task a', 'Task b', 'Task c'])
    expect(selectUnsaved(store.getState(), 'a')).toBeUndefined()
  })

  it('Discard of a refused add removes the task the server never had', () => {
    const { store } = storeWithList([storedTask('a')])
    store.dispatch(snapshotOf([changed(storedTask('n', false, 1, 'New'))]))
    store.dispatch(refused('n', 'add', 'New'))
    store.dispatch(unsavedChangesDiscarded(['n']))
    expect(texts(store)).toEqual(['Task a'])
  })

  it('Discard of an update refused as not found, the server silent since, removes the task', () => {
    const { store } = threeTasks()
    store.dispatch(taskTextSaved({ id: 'b', task: 'Mine' }))
    store.dispatch(taskSaveFailed({ id: 'b', kind: 'update', text: 'Mine', code: 'not-found' }))
    expect(texts(store)).toEqual(['Task a', 'Mine', 'Task c'])
    store.dispatch(unsavedChangesDiscarded(['b']))
    expect(texts(store)).toEqual(['Task a', 'Task c'])
  })

  it('Retry sends it again: an update with the fields the server lacks; the mark goes', async () => {
    const { store, repository } = threeTasks()
    store.dispatch(taskTextSaved({ id: 'a', task: 'Mine' }))
    store.dispatch(refused('a', 'update', 'Mine'))
    store.dispatch(snapshotOf([changed(storedTask('a', false, 0))]))
    await settle()
    repository.writes.length = 0
    store.dispatch(retryChanges(['a']))
    await settle()
    expect(repository.writes).toEqual([{ kind: 'update', id: 'a', changes: { task: 'Mine' } }])
    expect(selectUnsaved(store.getState(), 'a')).toBeUndefined()
    expect(texts(store)[0]).toBe('Mine')
  })

  it('Retry of an edit of a task deleted elsewhere stores it whole again', async () => {
    const { store, repository } = threeTasks()
    store.dispatch(taskTextSaved({ id: 'a', task: 'Mine' }))
    store.dispatch(taskSaveFailed({ id: 'a', kind: 'update', text: 'Mine', code: 'not-found' }))
    store.dispatch(snapshotOf([{ kind: 'removed', id: 'a', pendingHere: false }]))
    await settle()
    repository.writes.length = 0
    store.dispatch(retryChanges(['a']))
    await settle()
    expect(repository.writes).toEqual([
      { kind: 'add', task: { ...storedTask('a', false, 0), task: 'Mine' } },
    ])
  })

  it('a refused delete: the row stays gone, the line offers Retry and Discard; Discard brings it back', async () => {
    const { store, repository } = threeTasks()
    const c = selectAllTasks(store.getState())[2]
    store.dispatch(deleteTask('c'))
    store.dispatch(refused('c', 'delete', 'Task c', c))
    expect(texts(store)).toEqual(['Task a', 'Task b'])
    expect(selectUnsavedDeletes(store.getState()).ids).toEqual(['c'])
    store.dispatch(retryChanges(['c']))
    await settle()
    expect(repository.writes.at(-1)).toEqual({ kind: 'delete', id: 'c' })
    store.dispatch(refused('c', 'delete', 'Task c', c))
    store.dispatch(unsavedChangesDiscarded(['c']))
    expect(texts(store)).toEqual(['Task a', 'Task b', 'Task c'])
  })

  it('is not kept when there is nothing to keep: a refused add of a task deleted since', () => {
    const { store } = threeTasks()
    store.dispatch(deleteTask('a'))
    const before = store.getState().tasks
    store.dispatch(refused('a', 'add', 'Task a'))
    expect(store.getState().tasks).toBe(before)
  })

  it('a task refused twice keeps its first kind; deleting it drops the mark', () => {
    const { store } = threeTasks()
    store.dispatch(refused('a', 'add', 'Task a'))
    store.dispatch(refused('a', 'update', 'Task a'))
    expect(selectUnsaved(store.getState(), 'a')?.kind).toBe('add')
    store.dispatch(deleteTask('a'))
    expect(selectUnsaved(store.getState(), 'a')).toBeUndefined()
  })
})
