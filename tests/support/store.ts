import { setupStore } from '../../src/app/store'
import { tasksLoaded, tasksLoadStarted } from '../../src/features/tasks/tasksSlice'
import type { LoadedTask } from '../../src/services/types'
import { createTestServices } from './services'

export const EMAIL = 'ada@example.com'

/** A loaded task of the test user with the given text and state. */
export const loadedTask = (
  id: string,
  isFinished = false,
  order?: number,
  task = `Task ${id}`,
): LoadedTask => ({ id, task, isFinished, email: EMAIL, ...(order === undefined ? {} : { order }) })

/** A real store, with recording services, holding `tasks` as if just loaded from its server. */
export function storeWithTasks(
  tasks: LoadedTask[] = [],
  testServices = createTestServices({ stored: tasks }),
) {
  const store = setupStore(testServices.services)
  // As sign-in would: the outbox sends the signed-in user's writes.
  testServices.services.outbox.setActiveUser(EMAIL)
  store.dispatch(tasksLoadStarted({ email: EMAIL }))
  store.dispatch(tasksLoaded({ email: EMAIL, tasks }))
  return { store, ...testServices }
}
