import { describe, expect, it, vi } from 'vitest'
import { moveTask, toggleTask } from '../../../../src/features/tasks/model/commands'
import { compareTasks, FINISHED_ORDER_BASE } from '../../../../src/features/tasks/model/ordering'
import { selectAllTasks, selectTaskIds } from '../../../../src/features/tasks/model/tasksSlice'
import { settle } from '../../../support/settle'
import { signedInStore, storedTask } from '../../../support/store'
import { nextDue } from '../../../../src/features/tasks/model/recurrence'

// A thousand moves on a real store: up to 4 s beside two busy loops.
vi.setConfig({ testTimeout: 15_000 })

// A move (commands.ts): the task goes just past another, within its region, and only it is written.

const list = (count: number, finishedFrom = count) =>
  Array.from({ length: count }, (_, i) =>
    storedTask(
      `t${String(i).padStart(3, '0')}`,
      i >= finishedFrom,
      i >= finishedFrom ? FINISHED_ORDER_BASE + i : i,
    ),
  )

describe('a move', () => {
  it('goes just past the task named, up or down, and writes the moved task alone', async () => {
    const { store, repository } = await signedInStore(list(4))
    store.dispatch(moveTask('t000', 't002'))
    expect(selectTaskIds(store.getState())).toEqual(['t001', 't002', 't000', 't003'])
    store.dispatch(moveTask('t003', 't001'))
    expect(selectTaskIds(store.getState())).toEqual(['t003', 't001', 't002', 't000'])
    await settle()
    expect(repository.writes.map((write) => write.kind === 'update' && write.id)).toEqual([
      't000',
      't003',
    ])
    expect(
      repository.writes.every(
        (w) => w.kind === 'update' && Object.keys(w.changes).sort().join() === 'order,rank',
      ),
    ).toBe(true)
  })

  it('stays in its region: an open task never moves among finished ones', async () => {
    const { store, repository } = await signedInStore(list(4, 2))
    expect(store.dispatch(moveTask('t001', 't002'))).toBe(false)
    expect(store.dispatch(moveTask('t003', 't002'))).toBe(true)
    expect(selectTaskIds(store.getState())).toEqual(['t000', 't001', 't003', 't002'])
    await settle()
    expect(repository.writes).toHaveLength(1)
  })

  it('one write per move, forever: a thousand moves into the same place', async () => {
    const { store, repository } = await signedInStore(list(6))
    for (let i = 0; i < 1000; i++) {
      // The last task goes just below the first, into the one gap, again and again.
      const ids = selectTaskIds(store.getState())
      store.dispatch(moveTask(ids.at(-1) ?? '', ids[1] ?? ''))
      const moved = ids.at(-1)
      expect(selectTaskIds(store.getState())[1]).toBe(moved)
    }
    await settle()
    expect(repository.writes).toHaveLength(1000)
    const tasks = selectAllTasks(store.getState())
    expect([...tasks].sort(compareTasks)).toEqual(tasks)
    const longest = Math.max(...tasks.map((task) => task.rank?.length ?? 0))
    expect(longest).toBeLessThan(400)
    // What the server holds sorts the same: every device shows the same list.
    expect(repository.serverTasks(tasks[0]?.email ?? '').map(({ id }) => id)).toEqual(
      tasks.map(({ id }) => id),
    )
  })

  it('is undone by nothing else: a tick then moves the task to the end as the spec says', async () => {
    const { store } = await signedInStore(list(3))
    store.dispatch(moveTask('t002', 't000'))
    store.dispatch(toggleTask('t002', nextDue))
    expect(selectTaskIds(store.getState())).toEqual(['t000', 't001', 't002'])
    expect(selectAllTasks(store.getState()).at(-1)).toMatchObject({ id: 't002', isFinished: true })
  })
})
