import { describe, expect, it } from 'vitest'
import { FINISHED_ORDER_BASE } from '../../../src/features/tasks/ordering'
import {
  selectAllTasks,
  selectTaskIds,
  tasksRefreshed,
} from '../../../src/features/tasks/tasksSlice'
import {
  taskAdded,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskRestored,
  taskTextSaved,
} from '../../../src/features/tasks/taskEdits'
import type { AppStore } from '../../../src/app/store'
import { EMAIL, loadedTask, storeWithTasks } from '../../support/store'

const ids = (store: AppStore) => selectTaskIds(store.getState())
const orders = (store: AppStore) => selectAllTasks(store.getState()).map((task) => task.order)
const isSortedByOrder = (store: AppStore) =>
  orders(store).every((order, i, all) => i === 0 || (all[i - 1] ?? -Infinity) < order)

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
