import { describe, expect, it } from 'vitest'
import {
  changedIds,
  EMPTY_TABLE,
  TABLE_BUCKETS,
  tableWith,
  taskOf,
  tasksOf,
} from '../../../../src/features/tasks/model/taskTable'
import { storedTask } from '../../../support/store'

const many = (count: number) =>
  Array.from({ length: count }, (_, i) => storedTask(`task-${String(i)}`, false, i))

describe('the task table', () => {
  it('finds each task by id, and nothing for ids it does not hold', () => {
    const tasks = many(50)
    const table = tableWith(EMPTY_TABLE, tasks)
    for (const task of tasks) expect(taskOf(table, task.id)).toBe(task)
    for (const id of ['task-50', 'constructor', '__proto__', 'toString', ''])
      expect(taskOf(table, id)).toBeUndefined()
  })

  it('leaves the table it was given as it was', () => {
    const table = tableWith(EMPTY_TABLE, many(3))
    const snapshot = JSON.stringify(table)
    tableWith(table, [storedTask('task-0', true, 9), storedTask('new', false, 1)], ['task-1'])
    expect(JSON.stringify(table)).toBe(snapshot)
    expect(Object.isFrozen(table)).toBe(true)
  })

  it('replaces, adds and removes tasks', () => {
    const table = tableWith(EMPTY_TABLE, many(3))
    const done = storedTask('task-0', true, 9)
    const next = tableWith(table, [done, storedTask('new', false, 1)], ['task-1'])
    expect(taskOf(next, 'task-0')).toBe(done)
    expect(taskOf(next, 'task-1')).toBeUndefined()
    expect(
      tasksOf(next)
        .map((task) => task.id)
        .sort(),
    ).toEqual(['new', 'task-0', 'task-2'])
  })

  it('copies only the bucket a change is in: the others are the same objects', () => {
    const table = tableWith(EMPTY_TABLE, many(5000))
    const next = tableWith(table, [storedTask('task-7', true, 1)])
    const changed = Object.keys(table).filter((bucket) => {
      const index = Number(bucket)
      return next[index] !== table[index]
    })
    expect(changed).toHaveLength(1)
    expect(Object.keys(table).length).toBeLessThanOrEqual(TABLE_BUCKETS)
  })

  it('keeps no empty bucket, so an emptied table equals an empty one', () => {
    const table = tableWith(EMPTY_TABLE, many(40))
    expect(JSON.parse(JSON.stringify(table))).toEqual(table)
    const emptied = tableWith(
      table,
      [],
      tasksOf(table).map((task) => task.id),
    )
    expect(emptied).toEqual(EMPTY_TABLE)
  })

  it('names the tasks a change replaced, added or removed, and no other', () => {
    const table = tableWith(EMPTY_TABLE, many(5000))
    expect(changedIds(table, table)).toEqual([])
    const next = tableWith(
      table,
      [storedTask('task-7', true, 1), storedTask('constructor', false, 1)],
      ['task-9'],
    )
    expect(changedIds(table, next).sort()).toEqual(['constructor', 'task-7', 'task-9'])
    expect(changedIds(next, table).sort()).toEqual(['constructor', 'task-7', 'task-9'])
    expect(changedIds(EMPTY_TABLE, tableWith(EMPTY_TABLE, many(2))).sort()).toEqual([
      'task-0',
      'task-1',
    ])
  })
})
