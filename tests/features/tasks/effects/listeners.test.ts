import { afterEach, describe, expect, it, vi } from 'vitest'
import { FINISHED_ORDER_BASE } from '../../../../src/features/tasks/model/ordering'
import type { AppThunk } from '../../../../src/app/store'
import { addTask } from '../../../../src/features/tasks/model/commands'
import {
  clearFinished,
  deleteTask,
  toggleTask,
} from '../../../../src/features/tasks/model/commands'
import {
  selectAllTasks,
  selectTaskById,
  taskMarkedDone,
  tasksRestored,
  taskTextSaved,
} from '../../../../src/features/tasks/model/tasksSlice'
import { settle } from '../../../support/settle'
import { EMAIL, signedInStore, storedTask } from '../../../support/store'
import { nextDue } from '../../../../src/features/tasks/model/recurrence'

const signedInWith = () =>
  signedInStore([
    storedTask('a', false, 0, 'Alpha'),
    storedTask('b', false, 1, 'Bravo'),
    storedTask('c', true, FINISHED_ORDER_BASE, 'Charlie'),
  ])

afterEach(() => {
  vi.useRealTimers()
})

describe('each click writes only what it changed', () => {
  it('mark as done: the state and the order, with confetti', async () => {
    const { store, repository, celebrate } = await signedInWith()
    store.dispatch(toggleTask('a', nextDue))
    await settle()
    expect(repository.writes).toEqual([
      {
        kind: 'update',
        id: 'a',
        changes: { isFinished: true, order: FINISHED_ORDER_BASE + 1, rank: null },
      },
    ])
    expect(celebrate).toHaveBeenCalledTimes(1)
  })

  it('mark as incomplete: the state and the order, without confetti', async () => {
    const { store, repository, celebrate } = await signedInWith()
    store.dispatch(toggleTask('c', nextDue))
    await settle()
    expect(repository.writes).toEqual([
      { kind: 'update', id: 'c', changes: { isFinished: false, order: -1, rank: null } },
    ])
    expect(celebrate).not.toHaveBeenCalled()
  })

  it('save changes: the text alone, written even when it is the same (a refused one, again)', async () => {
    const { store, repository } = await signedInWith()
    store.dispatch(taskTextSaved({ id: 'a', task: 'Alpha' }))
    store.dispatch(taskTextSaved({ id: 'a', task: ' Renamed ' }))
    store.dispatch(taskTextSaved({ id: 'a', task: '  ' }))
    await settle()
    expect(repository.writes).toEqual([
      { kind: 'update', id: 'a', changes: { task: 'Alpha' } },
      { kind: 'update', id: 'a', changes: { task: 'Renamed' } },
    ])
  })

  it('the write is what the action says, whatever the state says (DevTools replays actions)', async () => {
    const { store, repository } = await signedInWith()
    store.dispatch(taskMarkedDone({ id: 'b', order: 12345, rank: null }))
    await settle()
    expect(repository.writes).toEqual([
      { kind: 'update', id: 'b', changes: { isFinished: true, order: 12345, rank: null } },
    ])
  })

  it('delete: that document; an id not in the list writes nothing', async () => {
    const { store, repository, celebrate } = await signedInWith()
    store.dispatch(deleteTask('ghost'))
    store.dispatch(toggleTask('ghost', nextDue))
    store.dispatch(deleteTask('b'))
    await settle()
    expect(repository.writes).toEqual([{ kind: 'delete', id: 'b' }])
    expect(celebrate).not.toHaveBeenCalled()
  })

  it('clear finished: a delete of each finished task', async () => {
    const { store, repository } = await signedInWith()
    store.dispatch(toggleTask('a', nextDue))
    store.dispatch(clearFinished())
    await settle()
    const deleted = repository.writes.slice(1).map((write) => write.kind === 'delete' && write.id)
    expect(deleted.sort()).toEqual(['a', 'c'])
  })

  it('Undo: the deleted task written back whole; the server holds it as before', async () => {
    const { store, repository } = await signedInWith()
    const before = repository.serverTasks(EMAIL)
    const bravo = selectTaskById(store.getState(), 'b')
    if (!bravo) throw new Error('no task b')
    store.dispatch(deleteTask('b'))
    store.dispatch(tasksRestored([bravo]))
    await settle()
    expect(repository.writes).toEqual([
      { kind: 'delete', id: 'b' },
      { kind: 'add', task: bravo },
    ])
    expect(repository.serverTasks(EMAIL)).toEqual(before)
  })

  it('nobody waits for the server: the list has changed before any write is answered', async () => {
    const { store, repository } = await signedInWith()
    repository.holdWrites()
    store.dispatch(toggleTask('a', nextDue))
    store.dispatch(deleteTask('b'))
    expect(selectAllTasks(store.getState()).map((task) => task.id)).toEqual(['c', 'a'])
    expect(repository.writes).toHaveLength(2)
    expect(repository.serverTasks(EMAIL)).toHaveLength(3)
    repository.acknowledgeHeld()
    expect(repository.serverTasks(EMAIL).map((task) => task.id)).toEqual(['c', 'a'])
  })
})

describe('a write the server refuses', () => {
  it.each([
    ['add', 'Error adding document', () => addTask('Delta')],
    [
      'update',
      'Error updating document',
      (): AppThunk => (dispatch) => {
        dispatch(taskTextSaved({ id: 'a', task: 'Mine' }))
      },
    ],
    ['delete', 'Error deleting document', () => deleteTask('a')],
  ] as const)(
    '(%s) logs "%s" with the error, and the list keeps the change',
    async (_kind, message, click) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const { store, repository } = await signedInWith()
      repository.refuseWrites('permission-denied')
      store.dispatch(click())
      const shown = selectAllTasks(store.getState())
      await vi.waitFor(
        () => {
          expect(consoleError).toHaveBeenCalledExactlyOnceWith(
            message,
            expect.objectContaining({ code: 'permission-denied' }),
          )
        },
        { timeout: 10_000 },
      )
      // The SDK's rollback of its cache has been reported by now: the row stays.
      await settle()
      expect(selectAllTasks(store.getState())).toEqual(shown)
    },
  )
})
