import { appStarted } from '../../src/app/actions'
import { setupStore, type AppStore } from '../../src/app/store'
import { tasksLoaded, tasksLoadStarted } from '../../src/features/tasks/tasksSlice'
import type { LoadedTask, Task } from '../../src/services/types'
import { createTestServices, type TestServices } from './services'

export const EMAIL = 'ada@example.com'

/** A task of the test user (id t1, open, order 0 unless `overrides` say otherwise). */
export const makeTask = (text: string, overrides: Partial<Task> = {}): Task => ({
  id: 't1',
  task: text,
  isFinished: false,
  email: EMAIL,
  order: 0,
  ...overrides,
})

/** A loaded task of the test user with the given text and state. */
export const loadedTask = (
  id: string,
  isFinished = false,
  order?: number,
  task = `Task ${id}`,
): LoadedTask => ({ id, task, isFinished, email: EMAIL, ...(order === undefined ? {} : { order }) })

/** Shows `tasks` as `email`'s list, just loaded from the server, as a sign-in would. */
export function showList(
  store: AppStore,
  testServices: TestServices,
  tasks: LoadedTask[],
  email = EMAIL,
) {
  // The outbox sends the signed-in user's writes.
  testServices.services.outbox.setActiveUser(email)
  store.dispatch(tasksLoadStarted({ email }))
  store.dispatch(tasksLoaded({ email, tasks }))
}

/** A real store, with recording services, holding `tasks` as if just loaded from its server. */
export function storeWithTasks(
  tasks: LoadedTask[] = [],
  testServices = createTestServices({ stored: tasks }),
) {
  const store = setupStore(testServices.services)
  showList(store, testServices, tasks)
  return { store, ...testServices }
}

/** A real store on test services whose server holds `stored`, started as main.tsx starts it. */
export function startedApp(stored: LoadedTask[] = []) {
  const testServices = createTestServices({ stored })
  const store = setupStore(testServices.services)
  store.dispatch(appStarted())
  return { store, ...testServices }
}
