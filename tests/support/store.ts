import { vi } from 'vitest'
import { appStarted } from '../../src/app/hooks'
import { setupStore } from '../../src/app/store'
import { tasksLoadStarted, tasksSnapshotReceived } from '../../src/features/tasks/model/tasksSlice'
import { newTask } from '../../src/services/taskDocument'
import type { Task, TaskUpdate } from '../../src/services/types'
import { ADA } from './fakeAuthService'
import { createTestServices } from './services'

export const EMAIL = 'ada@example.com'

/** A task of the test user: open, order 0 and text "Task <id>" unless told otherwise. */
export const storedTask = (id: string, isFinished = false, order = 0, text = `Task ${id}`): Task =>
  newTask({ id, task: text, isFinished, email: EMAIL, order })

/** A live-query update of `task`. */
export const changed = (task: Task, pendingHere = false): TaskUpdate => ({
  kind: 'changed',
  task,
  pendingHere,
})

/** The live query's report of `updates` for EMAIL, from the server, nothing pending. */
export const snapshotOf = (updates: TaskUpdate[], email = EMAIL) =>
  tasksSnapshotReceived({ email, updates, fromCache: false, hasPendingWrites: false })

/**
 * A real store holding `tasks` as EMAIL's list, as the live query's first report leaves it,
 * with nobody signed in and nothing followed: for the reducers and the write effects.
 */
export function storeWithList(
  tasks: Task[] = [],
  testServices = createTestServices({ stored: tasks }),
) {
  const store = setupStore(testServices.services)
  store.dispatch(tasksLoadStarted({ email: EMAIL }))
  store.dispatch(snapshotOf(tasks.map((task) => changed(task))))
  return { store, ...testServices }
}

/** A real store started as main.tsx starts it, with nobody signed in yet. */
export function startedStore(testServices = createTestServices()) {
  const store = setupStore(testServices.services)
  store.dispatch(appStarted())
  return { store, ...testServices }
}

/** A started store with ADA signed in and her tasks on the server (`stored`) loaded live. */
export async function signedInStore(
  stored: Task[] = [],
  testServices = createTestServices({ stored }),
) {
  const started = startedStore(testServices)
  started.fakeAuth.emit(ADA)
  await vi.waitFor(
    () => {
      if (started.store.getState().tasks.status !== 'loaded') throw new Error('not loaded yet')
    },
    { timeout: 10_000 },
  )
  return started
}
