import { describe, expect, it } from 'vitest'
import { filterChanged, selectShownIds } from '../../../../src/features/find/findSlice'
import { undoMoveOn } from '../../../../src/features/undo/commands'
import { addTask, toggleTask } from '../../../../src/features/tasks/model/commands'
import { dayBegan } from '../../../../src/features/tasks/model/day'
import { FINISHED_ORDER_BASE } from '../../../../src/features/tasks/model/ordering'
import { nextDue } from '../../../../src/features/tasks/model/recurrence'
import {
  selectTaskById,
  selectTaskIds,
  taskTextSaved,
} from '../../../../src/features/tasks/model/tasksSlice'
import type { Task } from '../../../../src/services/types'
import { settle } from '../../../support/settle'
import { signedInStore, storedTask } from '../../../support/store'

// A repeating task ticked: it stays open and in its place, due on its next occurrence (after its
// due, or after today when overdue); Undo puts back the date it had; the spec's rules stay exact
// for every task that does not repeat.

const TODAY = '2026-12-07' // a Monday
const task = (id: string, order: number, fields: Partial<Task> = {}): Task => ({
  ...storedTask(id, order >= FINISHED_ORDER_BASE, order),
  ...fields,
})
const list = () => [
  task('plain', 0, { due: TODAY }),
  task('weekly', 1, { due: TODAY, repeat: 'FREQ=WEEKLY;BYDAY=MO' }),
  task('overdue', 2, { due: '2026-11-02', repeat: 'FREQ=WEEKLY;BYDAY=MO' }),
  task('later', 3, { due: '2026-12-20', repeat: 'FREQ=DAILY;INTERVAL=3' }),
  task('done', FINISHED_ORDER_BASE, { due: '2026-12-01' }),
]
// From a file or another client: rules the stored pattern allows with no day left.
const noDayLeft = () => [
  ...list(),
  task('never', 4, { due: '2026-12-01', repeat: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31' }),
  task('last', 5, { due: '9999-12-31', repeat: 'FREQ=DAILY' }),
]

async function ticked(id: string, tasks = list()) {
  const started = await signedInStore(tasks)
  started.store.dispatch(dayBegan(TODAY))
  started.store.dispatch(toggleTask(id, nextDue))
  await settle()
  return started
}

describe('ticking a repeating task', () => {
  it('moves its date on, keeps it open and in its place, with confetti, writing its due alone', async () => {
    const { store, repository, celebrate } = await ticked('weekly')
    expect(selectTaskById(store.getState(), 'weekly')).toMatchObject({
      isFinished: false,
      due: '2026-12-14',
      order: 1,
    })
    expect(selectTaskIds(store.getState())).toEqual(['plain', 'weekly', 'overdue', 'later', 'done'])
    expect(celebrate).toHaveBeenCalledTimes(1)
    expect(repository.writes).toEqual([
      { kind: 'update', id: 'weekly', changes: { due: '2026-12-14' } },
    ])
  })

  it.each(['never', 'last'])(
    'one whose rule has no day left (%s) is done as any other, keeping its date',
    async (id) => {
      const { store, celebrate } = await ticked(id, noDayLeft())
      const before = noDayLeft().find((each) => each.id === id)
      expect(selectTaskById(store.getState(), id)).toMatchObject({
        isFinished: true,
        due: before?.due,
      })
      expect(selectTaskIds(store.getState()).at(-1)).toBe(id)
      expect(celebrate).toHaveBeenCalledTimes(1)
    },
  )

  it('an overdue one goes to the next occurrence after today, never one in the past', async () => {
    const { store } = await ticked('overdue')
    expect(selectTaskById(store.getState(), 'overdue')?.due).toBe('2026-12-14')
  })

  it('one ticked before its day goes on from that day', async () => {
    const { store } = await ticked('later')
    expect(selectTaskById(store.getState(), 'later')?.due).toBe('2026-12-23')
  })

  it('Undo brings back the date it had, and writes it', async () => {
    const { store, repository } = await ticked('overdue')
    expect(store.dispatch(undoMoveOn())).toBe('overdue')
    expect(selectTaskById(store.getState(), 'overdue')?.due).toBe('2026-11-02')
    await settle()
    expect(repository.writes.at(-1)).toEqual({
      kind: 'update',
      id: 'overdue',
      changes: { due: '2026-11-02' },
    })
    // Once: a second Undo has nothing to undo.
    expect(store.dispatch(undoMoveOn())).toBeNull()
  })

  it('a task that does not repeat keeps the spec: done to the end, incomplete to the top', async () => {
    const { store } = await ticked('plain')
    expect(selectTaskIds(store.getState())).toEqual(['weekly', 'overdue', 'later', 'done', 'plain'])
    expect(selectTaskById(store.getState(), 'plain')).toMatchObject({
      isFinished: true,
      due: TODAY,
    })
    store.dispatch(toggleTask('done', nextDue))
    expect(selectTaskIds(store.getState())[0]).toBe('done')
  })

  it('in the filters: leaves Today for Upcoming, stays in All and Open, never in Finished', async () => {
    const { store } = await signedInStore(list())
    store.dispatch(dayBegan(TODAY))
    const shown = (filter: 'all' | 'open' | 'finished' | 'today' | 'upcoming') => {
      store.dispatch(filterChanged(filter))
      return selectShownIds(store.getState())
    }
    expect(shown('today')).toEqual(['overdue', 'plain', 'weekly'])
    store.dispatch(toggleTask('weekly', nextDue))
    expect(shown('all')).toEqual(['plain', 'weekly', 'overdue', 'later', 'done'])
    expect(shown('open')).toEqual(['plain', 'weekly', 'overdue', 'later'])
    expect(shown('finished')).toEqual(['done'])
    expect(shown('today')).toEqual(['overdue', 'plain'])
    expect(shown('upcoming')).toEqual(['overdue', 'plain', 'weekly', 'later'])
  })
})

describe('adding and editing a repeat', () => {
  it('a typed repeat is stored with its first date', async () => {
    const { store, repository } = await signedInStore([])
    store.dispatch(addTask('water plants', '2026-12-07', 'FREQ=WEEKLY;BYDAY=MO'))
    await settle()
    expect(repository.writes[0]).toMatchObject({
      kind: 'add',
      task: { task: 'water plants', due: '2026-12-07', repeat: 'FREQ=WEEKLY;BYDAY=MO' },
    })
  })

  it('a date change keeps the rule; a stop writes null; words that are no rule are not kept', async () => {
    const { store, repository } = await signedInStore(list())
    store.dispatch(taskTextSaved({ id: 'weekly', task: 'Task weekly', due: '2026-12-21' }))
    expect(selectTaskById(store.getState(), 'weekly')?.repeat).toBe('FREQ=WEEKLY;BYDAY=MO')
    store.dispatch(taskTextSaved({ id: 'weekly', task: 'Task weekly', repeat: 'every monday' }))
    expect(selectTaskById(store.getState(), 'weekly')?.repeat).toBe('FREQ=WEEKLY;BYDAY=MO')
    store.dispatch(taskTextSaved({ id: 'weekly', task: 'Task weekly', repeat: null }))
    expect(selectTaskById(store.getState(), 'weekly')).toMatchObject({
      repeat: null,
      due: '2026-12-21',
    })
    await settle()
    expect(repository.writes.map((write) => write.kind === 'update' && write.changes)).toEqual([
      { task: 'Task weekly', due: '2026-12-21' },
      { task: 'Task weekly' },
      { task: 'Task weekly', repeat: null },
    ])
  })
})
