import { describe, expect, it } from 'vitest'
import { selectTaskById, taskTextSaved } from '../../../../src/features/tasks/model/tasksSlice'
import { storeWithList, storedTask } from '../../../support/store'

// Save changes with a date: the reducer and the write carry it only when the person changed it.

describe('save changes with a date', () => {
  const dated = { ...storedTask('a'), due: '2026-12-03' }

  it('sets, changes and clears the date, and writes it with the text', () => {
    const { store, repository } = storeWithList([dated])
    store.dispatch(taskTextSaved({ id: 'a', task: 'Task a', due: '2026-12-05T16:30:00.000Z' }))
    expect(selectTaskById(store.getState(), 'a')?.due).toBe('2026-12-05T16:30:00.000Z')
    store.dispatch(taskTextSaved({ id: 'a', task: 'Task a', due: null }))
    expect(selectTaskById(store.getState(), 'a')?.due).toBeNull()
    expect(repository.writes).toEqual([
      { kind: 'update', id: 'a', changes: { task: 'Task a', due: '2026-12-05T16:30:00.000Z' } },
      { kind: 'update', id: 'a', changes: { task: 'Task a', due: null } },
    ])
  })

  it('keeps the date when none is given, and ignores one that is no due', () => {
    const { store, repository } = storeWithList([dated])
    const before = store.getState()
    store.dispatch(taskTextSaved({ id: 'a', task: 'Task a' }))
    store.dispatch(taskTextSaved({ id: 'a', task: 'Task a', due: '3 Dec' }))
    expect(store.getState()).toBe(before)
    expect(repository.writes).toEqual([
      { kind: 'update', id: 'a', changes: { task: 'Task a' } },
      { kind: 'update', id: 'a', changes: { task: 'Task a' } },
    ])
  })
})
