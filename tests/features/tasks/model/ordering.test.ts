import { describe, expect, it } from 'vitest'
import {
  compareTasks,
  FINISHED_ORDER_BASE,
  idsWithout,
  placeAfterLastOpen,
  placeAtEnd,
  placeAtTop,
  placeBetween,
  placed,
  type TaskList,
} from '../../../../src/features/tasks/model/ordering'
import { EMPTY_TABLE, tableWith } from '../../../../src/features/tasks/model/taskTable'
import type { Task } from '../../../../src/services/types'
import { storedTask } from '../../../support/store'

/** The order a placement gives, which needs no rank while whole steps are left. */
const numberOf = ({ order, rank }: { order: number; rank: string | null }) => {
  expect(rank).toBeNull()
  return order
}
const orderAfterLastOpen = (list: TaskList) => numberOf(placeAfterLastOpen(list))
const endOrder = (list: TaskList, id: string) => numberOf(placeAtEnd(list, id))
const topOrder = (list: TaskList, id: string) => numberOf(placeAtTop(list, id))

/** A list as the tasks state holds it, in list order. */
const listOf = (...tasks: Task[]): TaskList => ({
  ids: [...tasks].sort(compareTasks).map((task) => task.id),
  table: tableWith(EMPTY_TABLE, tasks),
})

describe('the list order', () => {
  it('is open before finished, then by order, then by id', () => {
    const tasks = [
      storedTask('b', false, 1),
      storedTask('d', true, -9),
      storedTask('c', false, 0),
      storedTask('a', false, 1),
    ]
    expect([...tasks].sort(compareTasks).map((task) => task.id)).toEqual(['c', 'a', 'b', 'd'])
  })

  it('puts a task stored without an order (the original app’s) in its region, by id', () => {
    const tasks = [
      { ...storedTask('z'), order: null },
      storedTask('n', false, 3),
      { ...storedTask('y', true), order: null },
      { ...storedTask('a'), order: null },
      storedTask('f', true, FINISHED_ORDER_BASE),
    ]
    expect([...tasks].sort(compareTasks).map((task) => task.id)).toEqual(['n', 'a', 'z', 'f', 'y'])
  })
})

describe('a new task’s order', () => {
  it('is 0 in an empty list, and one after the last open task', () => {
    expect(orderAfterLastOpen(listOf())).toBe(0)
    const list = listOf(storedTask('a', false, 4), storedTask('f', true, FINISHED_ORDER_BASE))
    expect(orderAfterLastOpen(list)).toBe(5)
  })

  it('is 0 when none is open, whatever order the finished tasks have', () => {
    expect(orderAfterLastOpen(listOf(storedTask('f', true, FINISHED_ORDER_BASE)))).toBe(0)
    expect(orderAfterLastOpen(listOf(storedTask('f', true, -3)))).toBe(0)
  })

  it('is a whole step after the last open task, even past another client’s finished orders', () => {
    const list = listOf(storedTask('a', false, 1), storedTask('f', true, 2))
    expect(orderAfterLastOpen(list)).toBe(2)
  })

  it('follows tasks stored without an order', () => {
    const list = listOf({ ...storedTask('a'), order: null }, storedTask('f', true, 2))
    expect(orderAfterLastOpen(list)).toBe(2 ** 39 + 1)
  })
})

describe('mark as done and mark as incomplete', () => {
  it('put the task after every other, in the finished region', () => {
    const list = listOf(storedTask('a', false, 0), storedTask('b', false, 1))
    expect(endOrder(list, 'a')).toBe(FINISHED_ORDER_BASE)
    const withFinished = listOf(
      storedTask('a', false, 0),
      storedTask('f', true, FINISHED_ORDER_BASE + 7),
    )
    expect(endOrder(withFinished, 'a')).toBe(FINISHED_ORDER_BASE + 8)
    // The task itself does not count: the last one stays where it is.
    expect(endOrder(withFinished, 'f')).toBe(FINISHED_ORDER_BASE)
  })

  it('put the task before every other, in the open region', () => {
    const list = listOf(storedTask('a', false, -2), storedTask('f', true, FINISHED_ORDER_BASE))
    expect(topOrder(list, 'f')).toBe(-3)
    expect(topOrder(listOf(storedTask('f', true, FINISHED_ORDER_BASE)), 'f')).toBe(0)
    expect(
      topOrder(
        listOf(
          storedTask('g', true, FINISHED_ORDER_BASE + 1),
          storedTask('f', true, FINISHED_ORDER_BASE),
        ),
        'g',
      ),
    ).toBe(0)
  })
})

describe('placing a task', () => {
  it('inserts a new task where its order sorts it, ties by id', () => {
    const list = listOf(
      storedTask('a', false, 0),
      storedTask('c', false, 1),
      storedTask('d', false, 2),
    )
    expect(placed(list, storedTask('b', false, 1))).toEqual(['a', 'b', 'c', 'd'])
    expect(placed(list, storedTask('e', false, 1))).toEqual(['a', 'c', 'e', 'd'])
    expect(placed(list, storedTask('z', false, -1))).toEqual(['z', 'a', 'c', 'd'])
  })

  it('moves a changed task, leaving the others in place', () => {
    const list = listOf(
      storedTask('a', false, 0),
      storedTask('b', false, 1),
      storedTask('c', false, 2),
    )
    expect(placed(list, storedTask('a', false, 5))).toEqual(['b', 'c', 'a'])
    expect(list.ids).toEqual(['a', 'b', 'c'])
  })
})

describe('a move', () => {
  const [a, b, c] = [
    storedTask('a', false, 0),
    storedTask('b', false, 1),
    storedTask('c', false, 4),
  ]

  it('takes a whole number between its neighbours’ orders when there is one', () => {
    expect(placeBetween(b, c)).toEqual({ order: 2, rank: null })
    expect(placeBetween(undefined, a)).toEqual({ order: -1, rank: null })
    expect(placeBetween(c, undefined)).toEqual({ order: 5, rank: null })
  })

  it('else a neighbour’s order and a rank that sorts it between them', () => {
    const placed = placeBetween(a, b)
    expect(placed.order).toBe(0)
    const moved = { ...storedTask('m'), ...placed }
    expect([b, moved, a].sort(compareTasks).map(({ id }) => id)).toEqual(['a', 'm', 'b'])
  })

  it('between two tasks of one order (the original app’s, by id) goes between them', () => {
    const [x, y] = [
      { ...storedTask('x1'), order: null },
      { ...storedTask('x2'), order: null },
    ]
    const moved = { ...storedTask('zz'), ...placeBetween(x, y) }
    expect([y, moved, x].sort(compareTasks).map(({ id }) => id)).toEqual(['x1', 'zz', 'x2'])
  })

  it('past an order another client wrote at the edge of doubles stays a place, never Infinity', () => {
    const huge = storedTask('h', false, Number.MAX_VALUE)
    const placed = placeAfterLastOpen(listOf(a, huge))
    expect(Number.isFinite(placed.order)).toBe(true)
    const added = { ...storedTask('n'), ...placed }
    expect([added, huge, a].sort(compareTasks).map(({ id }) => id)).toEqual(['a', 'h', 'n'])
  })
})

describe('idsWithout', () => {
  it('takes out a few ids (found by their place) or many, leaving the rest in order', () => {
    const tasks = Array.from({ length: 60 }, (_, i) =>
      storedTask(`t${String(i).padStart(2, '0')}`, i % 3 === 0, i),
    )
    const list = listOf(...tasks)
    for (const gone of [['t00'], ['t59', 't01', 't30'], tasks.slice(0, 40).map((t) => t.id)]) {
      const expected = list.ids.filter((id) => !gone.includes(id))
      expect(idsWithout(list, new Set(gone))).toEqual(expected)
    }
    expect(list.ids).toHaveLength(60)
  })
})
