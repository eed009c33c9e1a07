import { describe, expect, it, vi } from 'vitest'
import { FINISHED_ORDER_BASE } from '../../../src/features/tasks/ordering'
import {
  selectAllTasks,
  selectTaskIds,
  taskSubmitted,
} from '../../../src/features/tasks/tasksSlice'
import {
  taskAdded,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskRestored,
  taskTextSaved,
} from '../../../src/features/tasks/taskEdits'
import { createTestServices } from '../../support/services'
import { EMAIL, loadedTask, storeWithTasks } from '../../support/store'
import { settle } from '../../support/settle'

// Listener effects run on the microtask queue after a dispatch; this lets them settle.

describe('writes after each change', () => {
  it('adding writes the task, unfinished, with the owner e-mail and its order', async () => {
    const { store, recorder } = storeWithTasks([loadedTask('a', false, 0)])
    store.dispatch(taskAdded({ id: 'n', task: 'Buy milk', email: EMAIL }))
    await settle()
    expect(recorder.writes()).toEqual([
      {
        kind: 'add',
        task: { id: 'n', task: 'Buy milk', isFinished: false, email: EMAIL, order: 1 },
      },
    ])
  })

  it('mark as done writes the finished state and its order, and celebrates', async () => {
    const { store, recorder, celebrate } = storeWithTasks([loadedTask('a', false, 0)])
    store.dispatch(taskMarkedDone('a'))
    await settle()
    expect(recorder.writes()).toEqual([
      { kind: 'update', id: 'a', changes: { isFinished: true, order: FINISHED_ORDER_BASE } },
    ])
    expect(celebrate).toHaveBeenCalledTimes(1)
  })

  it('mark as incomplete writes the open state and its order, and does not celebrate', async () => {
    const { store, recorder, celebrate } = storeWithTasks([
      loadedTask('a', false, 0),
      loadedTask('b', true, FINISHED_ORDER_BASE),
    ])
    store.dispatch(taskMarkedIncomplete('b'))
    await settle()
    expect(recorder.writes()).toEqual([
      { kind: 'update', id: 'b', changes: { isFinished: false, order: -1 } },
    ])
    expect(celebrate).not.toHaveBeenCalled()
  })

  it('saving changes writes the new text only', async () => {
    const { store, recorder } = storeWithTasks([loadedTask('a', false, 0)])
    store.dispatch(taskTextSaved({ id: 'a', task: 'Renamed' }))
    await settle()
    expect(recorder.writes()).toEqual([{ kind: 'update', id: 'a', changes: { task: 'Renamed' } }])
  })

  it('saving unchanged text writes nothing', async () => {
    const { store, recorder } = storeWithTasks([loadedTask('a', false, 0, 'Same')])
    store.dispatch(taskTextSaved({ id: 'a', task: ' Same ' }))
    await settle()
    expect(recorder.writes()).toEqual([])
  })

  it('delete writes a delete of that id', async () => {
    const { store, recorder } = storeWithTasks([loadedTask('a', false, 0)])
    store.dispatch(taskDeleted('a'))
    await settle()
    expect(recorder.writes()).toEqual([{ kind: 'delete', id: 'a' }])
  })

  it('undo of a delete writes the task back: the server holds the same document again', async () => {
    const { store, recorder } = storeWithTasks([
      loadedTask('a', false, 0),
      loadedTask('b', true, FINISHED_ORDER_BASE, 'Done one'),
    ])
    const task = selectAllTasks(store.getState())[1]
    if (!task) throw new Error('no task b')
    const before = recorder.serverTasks(EMAIL)
    store.dispatch(taskDeleted('b'))
    await vi.waitFor(() => {
      expect(recorder.writes()).toEqual([{ kind: 'delete', id: 'b' }])
    })
    expect(recorder.serverTasks(EMAIL).map(({ id }) => id)).toEqual(['a'])
    store.dispatch(taskRestored(task))
    await vi.waitFor(() => {
      expect(recorder.serverTasks(EMAIL)).toEqual(before)
    })
    expect(recorder.writes()).toEqual([
      { kind: 'delete', id: 'b' },
      { kind: 'add', task },
    ])
  })

  it('undo of a task that is back already writes nothing', async () => {
    const { store, recorder } = storeWithTasks([loadedTask('a', false, 0)])
    const [task] = selectAllTasks(store.getState())
    if (!task) throw new Error('no task a')
    store.dispatch(taskRestored(task))
    await settle()
    expect(recorder.writes()).toEqual([])
  })

  it('an id not in the list writes nothing and does not celebrate', async () => {
    const { store, recorder, celebrate } = storeWithTasks([loadedTask('a', false, 0)])
    store.dispatch(taskMarkedDone('ghost'))
    store.dispatch(taskMarkedIncomplete('ghost'))
    store.dispatch(taskTextSaved({ id: 'ghost', task: 'Boo' }))
    store.dispatch(taskDeleted('ghost'))
    store.dispatch(taskAdded({ id: 'a', task: 'Same id again', email: EMAIL }))
    await settle()
    expect(recorder.writes()).toEqual([])
    expect(celebrate).not.toHaveBeenCalled()
  })
})

describe('fire and forget', () => {
  it('changes the list before any write is answered', async () => {
    const services = createTestServices()
    services.recorder.hangWrites()
    const { store, recorder } = storeWithTasks([loadedTask('a', false, 0)], services)
    store.dispatch(taskAdded({ id: 'n', task: 'New', email: EMAIL }))
    store.dispatch(taskMarkedDone('a'))
    store.dispatch(taskTextSaved({ id: 'n', task: 'New, renamed' }))
    // Nothing has been answered, yet every change is in the list.
    expect(selectTaskIds(store.getState())).toEqual(['n', 'a'])
    expect(selectAllTasks(store.getState())[1]?.isFinished).toBe(true)
    await settle()
    // The writes go out one at a time, each once the one before is answered.
    expect(recorder.writes()).toHaveLength(1)
    recorder.settlePending()
    await settle()
    // The add and the rename were coalesced: one add that already carries the new text.
    expect(recorder.writes()).toMatchObject([
      { kind: 'update', id: 'a' },
      { kind: 'add', task: { id: 'n', task: 'New, renamed' } },
    ])
    recorder.settlePending()
  })

  it('an add and a delete made before anything was sent send nothing', async () => {
    const { store, recorder } = storeWithTasks()
    store.dispatch(taskAdded({ id: 'n', task: 'Typo', email: EMAIL }))
    store.dispatch(taskDeleted('n'))
    await settle()
    expect(recorder.writes()).toEqual([])
  })

  it.each([
    ['adding', 'Error adding document', taskAdded({ id: 'n', task: 'New', email: EMAIL })],
    ['mark as done', 'Error updating document', taskMarkedDone('a')],
    ['mark as incomplete', 'Error updating document', taskMarkedIncomplete('b')],
    ['save changes', 'Error updating document', taskTextSaved({ id: 'a', task: 'Renamed' })],
    ['delete', 'Error deleting document', taskDeleted('a')],
  ])('a failed write after %s logs "%s" and keeps the change', async (_name, message, action) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const services = createTestServices()
    const failure = Object.assign(new Error('Service unavailable'), { code: 'unavailable' })
    services.recorder.failWritesWith(failure)
    const { store } = storeWithTasks(
      [loadedTask('a', false, 0), loadedTask('b', true, FINISHED_ORDER_BASE)],
      services,
    )
    store.dispatch(action)
    const changed = store.getState()
    await settle()
    expect(consoleError).toHaveBeenCalledExactlyOnceWith(message, failure)
    expect(store.getState()).toBe(changed)
  })
})

describe('submitting the form', () => {
  it('adds the trimmed text for the e-mail in session storage, with an id from the repository', async () => {
    sessionStorage.setItem('userEmail', EMAIL)
    const { store, recorder, alert } = storeWithTasks()
    expect(store.dispatch(taskSubmitted('  Buy milk  '))).toEqual({ kind: 'added', id: 'task-1' })
    await settle()
    expect(selectAllTasks(store.getState())).toEqual([
      { id: 'task-1', task: 'Buy milk', isFinished: false, email: EMAIL, order: 0 },
    ])
    expect(recorder.writes()).toHaveLength(1)
    expect(alert).not.toHaveBeenCalled()
  })

  it('without a user e-mail shows the alert and saves nothing', async () => {
    const { store, recorder, alert } = storeWithTasks()
    expect(store.dispatch(taskSubmitted('Buy milk'))).toEqual({ kind: 'signedOut' })
    await settle()
    expect(alert).toHaveBeenCalledExactlyOnceWith('Please log in to add')
    expect(selectTaskIds(store.getState())).toEqual([])
    expect(recorder.writes()).toEqual([])
  })

  it.each([
    ['empty', ''],
    ['whitespace only', ' \t\n '],
    ['1,001 characters after trimming', ` ${'x'.repeat(1001)} `],
  ])('refuses %s text quietly: no task, no write, no alert', async (_name, text) => {
    sessionStorage.setItem('userEmail', EMAIL)
    const { store, recorder, alert } = storeWithTasks()
    expect(store.dispatch(taskSubmitted(text))).toEqual({ kind: 'invalid' })
    await settle()
    expect(selectTaskIds(store.getState())).toEqual([])
    expect(recorder.writes()).toEqual([])
    expect(alert).not.toHaveBeenCalled()
  })
})
