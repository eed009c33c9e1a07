import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppStore } from '../../../../src/app/store'
import {
  clearFinished,
  deleteTask,
  toggleTask,
} from '../../../../src/features/tasks/model/commands'
import {
  compareTasks,
  FINISHED_ORDER_BASE,
  placeAfterLastOpen,
} from '../../../../src/features/tasks/model/ordering'
import {
  selectAllTasks,
  selectTaskIds,
  taskAdded,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  tasksRestored,
  taskTextSaved,
} from '../../../../src/features/tasks/model/tasksSlice'
import { newTask } from '../../../../src/services/taskDocument'
import { EMAIL, storedTask, storeWithList } from '../../../support/store'
import { nextDue } from '../../../../src/features/tasks/model/recurrence'

// The commands (commands.ts, and the add's order as addTask computes it) and their reducers:
// where each change puts a task. The live query's side of the slice is in
// tasksSlice.snapshot.test.ts.

const ids = (store: AppStore) => selectTaskIds(store.getState())
const orders = (store: AppStore) => selectAllTasks(store.getState()).map((task) => task.order)
const isSorted = (store: AppStore) =>
  selectAllTasks(store.getState()).every(
    (task, i, all) => i === 0 || compareTasks(all[i - 1] ?? task, task) <= 0,
  )

/** An add as addTask makes it, with a known id (its action creator makes a random one). */
const added = (store: AppStore, id: string, task = `New ${id}`, email = EMAIL) => ({
  type: taskAdded.type,
  payload: newTask({ id, task, email, ...placeAfterLastOpen(store.getState().tasks) }),
})

describe('a new task', () => {
  it('starts unfinished, with order 0, in an empty list, and gets a 20-character id', () => {
    const { store } = storeWithList()
    const { payload } = store.dispatch(
      taskAdded(newTask({ task: 'Buy milk', email: EMAIL, order: 0 })),
    )
    expect(payload.id).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(selectAllTasks(store.getState())).toEqual([storedTask(payload.id, false, 0, 'Buy milk')])
  })

  it('goes after the last open task, before the finished ones', () => {
    const { store } = storeWithList([
      storedTask('a', false, 0),
      storedTask('b', false, 1),
      storedTask('done', true, FINISHED_ORDER_BASE),
    ])
    store.dispatch(added(store, 'n'))
    expect(ids(store)).toEqual(['a', 'b', 'n', 'done'])
    expect(orders(store)).toEqual([0, 1, 2, FINISHED_ORDER_BASE])
  })

  it('is refused for another user’s list, or an id already there', () => {
    const { store } = storeWithList([storedTask('a')])
    const before = store.getState()
    store.dispatch(added(store, 'x', 'Planted', 'eve@example.com'))
    store.dispatch(added(store, 'a', 'Same id'))
    expect(store.getState()).toBe(before)
  })
})

describe('mark as done', () => {
  it('finishes the task and moves it to the end, after the finished ones', () => {
    const { store } = storeWithList([
      storedTask('a', false, 0),
      storedTask('b', false, 1),
      storedTask('c', true, FINISHED_ORDER_BASE),
    ])
    store.dispatch(toggleTask('a', nextDue))
    expect(ids(store)).toEqual(['b', 'c', 'a'])
    expect(selectAllTasks(store.getState()).at(-1)).toMatchObject({ id: 'a', isFinished: true })
    expect(orders(store)).toEqual([1, FINISHED_ORDER_BASE, FINISHED_ORDER_BASE + 1])
  })
})

describe('mark as incomplete', () => {
  it('opens the task and moves it to the top', () => {
    const { store } = storeWithList([
      storedTask('a', false, 0),
      storedTask('b', true, FINISHED_ORDER_BASE),
      storedTask('c', true, FINISHED_ORDER_BASE + 1),
    ])
    store.dispatch(toggleTask('c', nextDue))
    expect(ids(store)).toEqual(['c', 'a', 'b'])
    expect(selectAllTasks(store.getState())[0]).toMatchObject({ id: 'c', isFinished: false })
    expect(orders(store)).toEqual([-1, 0, FINISHED_ORDER_BASE])
  })
})

describe('tasks the original app stored (no order)', () => {
  const original = (id: string, isFinished = false) => ({
    ...storedTask(id, isFinished),
    order: null,
  })

  it('take a new task after them, a task marked incomplete above them, one marked done after them', () => {
    const { store } = storeWithList([original('b'), original('c'), original('a', true)])
    store.dispatch(added(store, 'n'))
    expect(ids(store)).toEqual(['b', 'c', 'n', 'a'])
    store.dispatch(toggleTask('a', nextDue))
    expect(ids(store)).toEqual(['a', 'b', 'c', 'n'])
    store.dispatch(toggleTask('c', nextDue))
    expect(ids(store)).toEqual(['a', 'b', 'n', 'c'])
    const stored = selectAllTasks(store.getState()).map(({ id, order }) => [id, order])
    expect(stored.filter(([, order]) => order !== null).map(([id]) => id)).toEqual(['a', 'n', 'c'])
  })
})

describe('the order', () => {
  it('stays whole numbers, sorted, through any series of clicks', () => {
    const { store } = storeWithList([storedTask('done', true, FINISHED_ORDER_BASE)])
    for (let i = 0; i < 300; i++) {
      const list = ids(store)
      const some = list[(i * 7) % list.length] ?? 'done'
      if (i % 3 === 0) store.dispatch(added(store, `n${String(i)}`))
      else store.dispatch(toggleTask(some, nextDue))
    }
    expect(orders(store).every((order) => Number.isInteger(order))).toBe(true)
    expect(isSorted(store)).toBe(true)
    const finished = selectAllTasks(store.getState()).map((task) => task.isFinished)
    expect(finished).toEqual([...finished].sort())
  })
})

describe('save changes', () => {
  it('changes the text in place, trimmed', () => {
    const { store } = storeWithList([storedTask('a', false, 0), storedTask('b', false, 1)])
    store.dispatch(taskTextSaved({ id: 'a', task: '  Renamed  ' }))
    expect(ids(store)).toEqual(['a', 'b'])
    expect(selectAllTasks(store.getState())[0]).toMatchObject({ task: 'Renamed', order: 0 })
  })

  it('refuses blank, invisible or over-long text, and changes nothing for the same text (though its write goes)', () => {
    const { store } = storeWithList([storedTask('a')])
    const before = store.getState()
    for (const task of [' ', '\u200b\u200d', 'x'.repeat(1001), 'Task a', ' Task a ']) {
      store.dispatch(taskTextSaved({ id: 'a', task }))
    }
    expect(store.getState()).toBe(before)
  })
})

describe('delete, clear finished and Undo', () => {
  it('delete removes the task at once', () => {
    const { store } = storeWithList([storedTask('a', false, 0), storedTask('b', false, 1)])
    store.dispatch(deleteTask('a'))
    expect(ids(store)).toEqual(['b'])
  })

  it('clear finished removes every finished task and only those', () => {
    const { store } = storeWithList([
      storedTask('a', false, 0),
      storedTask('b', true, FINISHED_ORDER_BASE),
      storedTask('c', true, FINISHED_ORDER_BASE + 1),
    ])
    store.dispatch(clearFinished())
    expect(ids(store)).toEqual(['a'])
  })

  it('Undo puts tasks back as they were (id, text, state, order), where they were', () => {
    const tasks = [
      storedTask('a', false, 0),
      storedTask('b', false, 1, 'Keep me'),
      storedTask('d', true, FINISHED_ORDER_BASE),
      storedTask('e', true, FINISHED_ORDER_BASE + 1),
    ]
    const { store } = storeWithList(tasks)
    store.dispatch(deleteTask('b'))
    store.dispatch(clearFinished())
    store.dispatch(
      tasksRestored([tasks[3], tasks[1], tasks[2]].filter((task) => task !== undefined)),
    )
    expect(selectAllTasks(store.getState())).toEqual(tasks)
  })

  it('Undo changes nothing for a task back already, or another user’s', () => {
    const { store } = storeWithList([storedTask('a')])
    const before = store.getState()
    store.dispatch(tasksRestored([{ ...storedTask('a', true, 3), task: 'Twin' }]))
    store.dispatch(tasksRestored([{ ...storedTask('x'), email: 'eve@example.com' }]))
    expect(store.getState().tasks).toEqual(before.tasks)
  })
})

describe('an id that is not in the list', () => {
  // Each action's write still goes, and is refused, and the delete's Undo is offered (the event
  // says what went): the list is what matters here.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })

  it('changes nothing, whatever the click', () => {
    const { store } = storeWithList([storedTask('a')])
    const before = store.getState()
    store.dispatch(toggleTask('ghost', nextDue))
    store.dispatch(taskMarkedDone({ id: 'ghost', order: 3, rank: null }))
    store.dispatch(taskMarkedIncomplete({ id: 'ghost', order: -3, rank: null }))
    store.dispatch(taskTextSaved({ id: 'ghost', task: 'Boo' }))
    store.dispatch(deleteTask('ghost'))
    store.dispatch(taskDeleted(storedTask('ghost')))
    expect(store.getState().tasks).toBe(before.tasks)
  })

  // Known bug: the reducers look ids up through the entity table's prototype, so a click for a
  // missing task named `constructor` stores a task without an id. Flip to `it` once fixed.
  it('changes nothing either when named like a property of every object', () => {
    const { store } = storeWithList([storedTask('a')])
    const before = store.getState()
    for (const id of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      store.dispatch(toggleTask(id, nextDue))
      store.dispatch(taskMarkedDone({ id, order: 3, rank: null }))
      store.dispatch(taskMarkedIncomplete({ id, order: -3, rank: null }))
      store.dispatch(taskTextSaved({ id, task: 'Boo' }))
      store.dispatch(deleteTask(id))
      store.dispatch(taskDeleted(storedTask(id)))
    }
    expect(store.getState().tasks).toBe(before.tasks)
  })
})
