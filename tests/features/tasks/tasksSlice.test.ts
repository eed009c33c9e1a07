import { describe, expect, it } from 'vitest'
import { FINISHED_ORDER_BASE } from '../../../src/features/tasks/ordering'
import {
  selectAllTasks,
  selectTaskIds,
  taskAdded,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  tasksCleared,
  tasksLoaded,
  tasksLoadStarted,
  tasksRefreshed,
  taskRestored,
  taskTextSaved,
} from '../../../src/features/tasks/tasksSlice'
import type { AppStore } from '../../../src/app/store'
import { EMAIL, loadedTask, storeWithTasks } from '../../support/store'

const ids = (store: AppStore) => selectTaskIds(store.getState())
const orders = (store: AppStore) => selectAllTasks(store.getState()).map((task) => task.order)
const isSortedByOrder = (store: AppStore) =>
  orders(store).every((order, i, all) => i === 0 || (all[i - 1] ?? -Infinity) < order)

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

describe('a new task', () => {
  it('starts unfinished, with order 0, in an empty list', () => {
    const { store } = storeWithTasks()
    store.dispatch(taskAdded({ id: 'n', task: 'Buy milk', email: EMAIL }))
    expect(selectAllTasks(store.getState())).toEqual([
      { id: 'n', task: 'Buy milk', isFinished: false, email: EMAIL, order: 0 },
    ])
  })

  it('goes after the last unfinished task, before the finished ones', () => {
    const { store } = storeWithTasks([
      loadedTask('a', false, 0),
      loadedTask('b', false, 1),
      loadedTask('done', true, FINISHED_ORDER_BASE),
    ])
    store.dispatch(taskAdded({ id: 'n', task: 'New', email: EMAIL }))
    expect(ids(store)).toEqual(['a', 'b', 'n', 'done'])
    expect(orders(store)).toEqual([0, 1, 2, FINISHED_ORDER_BASE])
  })

  it('goes to the top when every task is finished', () => {
    const { store } = storeWithTasks([loadedTask('done', true, FINISHED_ORDER_BASE)])
    store.dispatch(taskAdded({ id: 'n', task: 'New', email: EMAIL }))
    expect(ids(store)).toEqual(['n', 'done'])
    expect(orders(store)).toEqual([0, FINISHED_ORDER_BASE])
  })

  it('keeps whole-number orders however many are added before a finished task', () => {
    const { store } = storeWithTasks([loadedTask('done', true, FINISHED_ORDER_BASE)])
    for (let i = 0; i < 200; i++) {
      store.dispatch(taskAdded({ id: `n${String(i)}`, task: `New ${String(i)}`, email: EMAIL }))
    }
    expect(ids(store).at(-1)).toBe('done')
    expect(ids(store).slice(0, 3)).toEqual(['n0', 'n1', 'n2'])
    expect(orders(store).every(Number.isInteger)).toBe(true)
    expect(isSortedByOrder(store)).toBe(true)
  })

  it('falls between two tasks whose orders leave no whole number free', () => {
    const { store } = storeWithTasks([loadedTask('a', false, 1), loadedTask('done', true, 2)])
    store.dispatch(taskAdded({ id: 'n', task: 'New', email: EMAIL }))
    expect(ids(store)).toEqual(['a', 'n', 'done'])
    expect(orders(store)).toEqual([1, 1.5, 2])
  })

  it('is refused when its text is blank or over 1,000 characters, or its id is taken', () => {
    const { store } = storeWithTasks([loadedTask('a', false, 0)])
    const before = store.getState()
    store.dispatch(taskAdded({ id: 'blank', task: '   ', email: EMAIL }))
    store.dispatch(taskAdded({ id: 'long', task: 'x'.repeat(1001), email: EMAIL }))
    store.dispatch(taskAdded({ id: 'a', task: 'Duplicate id', email: EMAIL }))
    expect(store.getState()).toBe(before)
  })

  it('is stored trimmed, and 1,000 characters is allowed', () => {
    const { store } = storeWithTasks()
    store.dispatch(taskAdded({ id: 'n', task: `  ${'x'.repeat(1000)}  `, email: EMAIL }))
    expect(selectAllTasks(store.getState())[0]?.task).toBe('x'.repeat(1000))
  })
})

describe('mark as done', () => {
  it('sets the task finished and moves it to the end of the list', () => {
    const { store } = storeWithTasks([
      loadedTask('a', false, 0),
      loadedTask('b', false, 1),
      loadedTask('c', true, FINISHED_ORDER_BASE),
    ])
    store.dispatch(taskMarkedDone('a'))
    expect(ids(store)).toEqual(['b', 'c', 'a'])
    expect(selectAllTasks(store.getState()).at(-1)).toMatchObject({ id: 'a', isFinished: true })
    expect(orders(store)).toEqual([1, FINISHED_ORDER_BASE, FINISHED_ORDER_BASE + 1])
  })

  it('gives the first finished task the finished base order', () => {
    const { store } = storeWithTasks([loadedTask('a', false, 0), loadedTask('b', false, 1)])
    store.dispatch(taskMarkedDone('a'))
    expect(orders(store)).toEqual([1, FINISHED_ORDER_BASE])
  })
})

describe('mark as incomplete', () => {
  it('sets the task unfinished and moves it to the top of the list', () => {
    const { store } = storeWithTasks([
      loadedTask('a', false, 0),
      loadedTask('b', true, FINISHED_ORDER_BASE),
      loadedTask('c', true, FINISHED_ORDER_BASE + 1),
    ])
    store.dispatch(taskMarkedIncomplete('c'))
    expect(ids(store)).toEqual(['c', 'a', 'b'])
    expect(selectAllTasks(store.getState())[0]).toMatchObject({ id: 'c', isFinished: false })
    expect(orders(store)).toEqual([-1, 0, FINISHED_ORDER_BASE])
  })

  it('puts the task in the open region when every other task is finished', () => {
    const { store } = storeWithTasks([
      loadedTask('b', true, FINISHED_ORDER_BASE),
      loadedTask('c', true, FINISHED_ORDER_BASE + 1),
    ])
    store.dispatch(taskMarkedIncomplete('c'))
    store.dispatch(taskAdded({ id: 'n', task: 'New', email: EMAIL }))
    expect(ids(store)).toEqual(['c', 'n', 'b'])
    expect(orders(store)).toEqual([0, 1, FINISHED_ORDER_BASE])
  })
})

describe('save changes', () => {
  it('changes the text in place', () => {
    const { store } = storeWithTasks([loadedTask('a', false, 0), loadedTask('b', false, 1)])
    store.dispatch(taskTextSaved({ id: 'a', task: '  Renamed  ' }))
    expect(ids(store)).toEqual(['a', 'b'])
    expect(selectAllTasks(store.getState())[0]).toMatchObject({ task: 'Renamed', order: 0 })
  })

  it('refuses blank or over-long text', () => {
    const { store } = storeWithTasks([loadedTask('a', false, 0)])
    const before = store.getState()
    store.dispatch(taskTextSaved({ id: 'a', task: ' ' }))
    store.dispatch(taskTextSaved({ id: 'a', task: 'x'.repeat(1001) }))
    expect(store.getState()).toBe(before)
  })
})

describe('delete', () => {
  it('removes the task at once', () => {
    const { store } = storeWithTasks([loadedTask('a', false, 0), loadedTask('b', false, 1)])
    store.dispatch(taskDeleted('a'))
    expect(ids(store)).toEqual(['b'])
  })
})

describe('undo of a delete', () => {
  it('puts the task back with the same id, text, state and order, where it was', () => {
    const { store } = storeWithTasks([
      loadedTask('a', false, 0),
      loadedTask('b', false, 1, 'Keep me'),
      loadedTask('c', false, 2),
      loadedTask('d', true, FINISHED_ORDER_BASE),
      loadedTask('e', true, FINISHED_ORDER_BASE + 1),
    ])
    for (const id of ['b', 'e']) {
      const task = selectAllTasks(store.getState()).find((each) => each.id === id)
      if (!task) throw new Error(`no task ${id}`)
      store.dispatch(taskDeleted(id))
      store.dispatch(taskRestored(task))
      expect(selectAllTasks(store.getState()).find((each) => each.id === id)).toEqual(task)
    }
    expect(ids(store)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(isSortedByOrder(store)).toBe(true)
  })

  it('places it by order, then id, among tasks changed since', () => {
    const { store } = storeWithTasks([
      loadedTask('a', false, 0),
      loadedTask('b', false, 1),
      loadedTask('c', false, 2),
    ])
    const b = selectAllTasks(store.getState())[1]
    if (!b) throw new Error('no task b')
    store.dispatch(taskDeleted('b'))
    // Another device gave two tasks b's order meanwhile.
    store.dispatch(
      tasksRefreshed({
        email: EMAIL,
        tasks: [
          loadedTask('a', false, 0),
          loadedTask('x', false, 1),
          loadedTask('ab', false, 1),
          loadedTask('c', false, 2),
        ],
      }),
    )
    store.dispatch(taskRestored(b))
    expect(ids(store)).toEqual(['a', 'ab', 'b', 'x', 'c'])
  })

  it("changes nothing when the id is back already, or the task is another user's", () => {
    const { store } = storeWithTasks([loadedTask('a', false, 0)])
    const before = store.getState()
    store.dispatch(
      taskRestored({ id: 'a', task: 'Twin', isFinished: true, email: EMAIL, order: 3 }),
    )
    store.dispatch(
      taskRestored({ id: 'x', task: 'Eve', isFinished: false, email: 'eve@example.com', order: 1 }),
    )
    expect(store.getState()).toBe(before)
  })
})

describe('an id that is not in the list', () => {
  it('changes nothing, whatever the action', () => {
    const { store } = storeWithTasks([loadedTask('a', false, 0)])
    const before = store.getState()
    store.dispatch(taskMarkedDone('ghost'))
    store.dispatch(taskMarkedIncomplete('ghost'))
    store.dispatch(taskTextSaved({ id: 'ghost', task: 'Boo' }))
    store.dispatch(taskDeleted('ghost'))
    expect(store.getState()).toBe(before)
  })

  it('is not found on the prototype of the table either (constructor, toString, __proto__)', () => {
    const { store } = storeWithTasks([loadedTask('a', false, 0)])
    const before = store.getState()
    for (const id of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      store.dispatch(taskMarkedDone(id))
      store.dispatch(taskMarkedIncomplete(id))
      store.dispatch(taskTextSaved({ id, task: 'Boo' }))
      store.dispatch(taskDeleted(id))
    }
    expect(store.getState()).toBe(before)
  })

  it('such an id is an ordinary task once added', () => {
    const { store } = storeWithTasks([loadedTask('a', false, 0)])
    store.dispatch(taskAdded({ id: 'constructor', task: 'Odd id', email: EMAIL }))
    store.dispatch(taskMarkedDone('constructor'))
    expect(ids(store)).toEqual(['a', 'constructor'])
    expect(selectAllTasks(store.getState())[1]).toMatchObject({ task: 'Odd id', isFinished: true })
    store.dispatch(taskDeleted('constructor'))
    expect(ids(store)).toEqual(['a'])
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
