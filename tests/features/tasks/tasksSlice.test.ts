import { describe, expect, it } from 'vitest'
import {
  selectAllTasks,
  selectTaskIds,
  tasksCleared,
  tasksLoaded,
  tasksLoadStarted,
  tasksRefreshed,
} from '../../../src/features/tasks/tasksSlice'
import { taskAdded, taskMarkedIncomplete } from '../../../src/features/tasks/taskEdits'
import type { AppStore } from '../../../src/app/store'
import { EMAIL, loadedTask, storeWithTasks } from '../../support/store'

const ids = (store: AppStore) => selectTaskIds(store.getState())
const orders = (store: AppStore) => selectAllTasks(store.getState()).map((task) => task.order)

describe('the task list', () => {
  it('is sorted by order when loaded, tasks without an order after, in the order received', () => {
    const { store } = storeWithTasks([
      loadedTask('c', false, 3),
      loadedTask('old-1'),
      loadedTask('a', false, 1),
      loadedTask('old-2', true),
      loadedTask('b', false, 2),
    ])
    expect(ids(store)).toEqual(['a', 'b', 'c', 'old-1', 'old-2'])
    expect(orders(store)).toEqual([1, 2, 3, 4, 5])
  })

  it("drops the previous user's list, and ignores a load answered for them, when loading another user", () => {
    const { store } = storeWithTasks([loadedTask('a', false, 1)])
    store.dispatch(tasksLoadStarted({ email: 'grace@example.com' }))
    expect(ids(store)).toEqual([])
    store.dispatch(tasksLoaded({ email: EMAIL, tasks: [loadedTask('stale', false, 0)] }))
    expect(ids(store)).toEqual([])
    expect(store.getState().tasks).toMatchObject({ status: 'loading', owner: 'grace@example.com' })
  })

  it('is emptied when cleared', () => {
    const { store } = storeWithTasks([loadedTask('a', false, 1)])
    store.dispatch(tasksCleared())
    expect(ids(store)).toEqual([])
    expect(store.getState().tasks.status).toBe('idle')
  })
})

describe('a refresh (the list from the server again, while one is shown)', () => {
  it('keeps the objects of unchanged tasks, and the same state when nothing changed', () => {
    const tasks = [loadedTask('a', false, 0), loadedTask('b', false, 1), loadedTask('c', true, 9)]
    const { store } = storeWithTasks(tasks)
    const before = store.getState().tasks
    store.dispatch(tasksRefreshed({ email: EMAIL, tasks: tasks.map((task) => ({ ...task })) }))
    expect(store.getState().tasks).toBe(before)

    store.dispatch(
      tasksRefreshed({
        email: EMAIL,
        tasks: [{ ...loadedTask('b', true, 10) }, { ...loadedTask('a', false, 0) }],
      }),
    )
    const after = store.getState().tasks
    expect(after.ids).toEqual(['a', 'b'])
    expect(after.entities.a).toBe(before.entities.a)
    expect(after.entities.b).toMatchObject({ isFinished: true, order: 10 })
  })

  it('sorts equal orders by id, as every device does', () => {
    const { store } = storeWithTasks([loadedTask('z', false, 5), loadedTask('m', false, 5)])
    expect(ids(store)).toEqual(['m', 'z'])
    store.dispatch(taskAdded({ id: 'k', task: 'New', email: EMAIL }))
    store.dispatch(taskMarkedIncomplete('z'))
    store.dispatch(
      tasksRefreshed({
        email: EMAIL,
        tasks: [loadedTask('y', true, 7), loadedTask('x', true, 7), loadedTask('w', false, 7)],
      }),
    )
    expect(ids(store)).toEqual(['w', 'x', 'y'])
  })

  it('changes nothing for another user, or before the first load', () => {
    const { store } = storeWithTasks([loadedTask('a', false, 0)])
    const before = store.getState()
    store.dispatch(tasksRefreshed({ email: 'eve@example.com', tasks: [] }))
    expect(store.getState()).toBe(before)
    store.dispatch(tasksLoadStarted({ email: EMAIL }))
    const loading = store.getState()
    store.dispatch(tasksRefreshed({ email: EMAIL, tasks: [] }))
    expect(store.getState()).toBe(loading)
  })
})
