import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { appStarted } from '../../src/app/actions'
import { setupStore } from '../../src/app/store'
import { signOutRequested } from '../../src/features/auth/authSlice'
import { selectAllTasks, taskSubmitted } from '../../src/features/tasks/tasksSlice'
import {
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskTextSaved,
} from '../../src/features/tasks/taskEdits'
import { createFirebaseHarness } from '../support/firebaseHarness'
import { createTestServices } from '../support/services'

const ADA = 'ada@example.com'
const harness = createFirebaseHarness()
beforeEach(harness.start)
afterEach(harness.stop)

/** A store on the real Auth client and Firestore repository, signed in and loaded. */
async function signedInStore(email = ADA) {
  const real = await harness.signedInServices(email, 'Ada Lovelace')
  const testServices = createTestServices({ tasks: real.tasks, auth: real.auth })
  const store = setupStore(testServices.services)
  store.dispatch(appStarted())
  await vi.waitFor(() => {
    expect(store.getState().tasks.status).toBe('loaded')
  })
  return { store, ...testServices }
}

const listOf = (store: ReturnType<typeof setupStore>) =>
  selectAllTasks(store.getState()).map(({ task, isFinished }) => ({ task, isFinished }))

/** The server's documents of `email`, in their stored order. */
const serverListOf = (email = ADA) =>
  Object.values(harness.storedTasks(email))
    .sort((a, b) => (a.order as number) - (b.order as number))
    .map(({ task, isFinished }) => ({ task, isFinished }))

describe('the app on the real SDK and the local backend', () => {
  it('sign-in loads the user’s stored tasks in their order', async () => {
    const first = await signedInStore()
    first.store.dispatch(taskSubmitted('One'))
    first.store.dispatch(taskSubmitted('Two'))
    await vi.waitFor(() => {
      expect(serverListOf()).toHaveLength(2)
    })
    const { store } = await signedInStore()
    expect(listOf(store)).toEqual([
      { task: 'One', isFinished: false },
      { task: 'Two', isFinished: false },
    ])
  })

  it('add, done, incomplete, edit and delete leave the server holding the list as shown', async () => {
    const { store } = await signedInStore()
    for (const text of ['One', 'Two', 'Three', 'Four']) store.dispatch(taskSubmitted(text))
    const idOf = (text: string) =>
      selectAllTasks(store.getState()).find((task) => task.task === text)?.id ?? ''
    store.dispatch(taskMarkedDone(idOf('Two')))
    store.dispatch(taskTextSaved({ id: idOf('Three'), task: 'Three, edited' }))
    store.dispatch(taskDeleted(idOf('Four')))
    store.dispatch(taskMarkedIncomplete(idOf('Two')))
    store.dispatch(taskMarkedDone(idOf('One')))
    const shown = listOf(store)
    expect(shown).toEqual([
      { task: 'Two', isFinished: false },
      { task: 'Three, edited', isFinished: false },
      { task: 'One', isFinished: true },
    ])
    await vi.waitFor(() => {
      expect(serverListOf()).toEqual(shown)
    })
  })

  it('failed writes log the spec’s messages and keep the list as the user made it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { store } = await signedInStore()
    store.dispatch(taskSubmitted('Existing'))
    store.dispatch(taskSubmitted('Other'))
    await vi.waitFor(() => {
      expect(serverListOf()).toHaveLength(2)
    })
    const [existing, other] = selectAllTasks(store.getState()).map((task) => task.id)
    harness.backend.faults.add({ kinds: ['commit'], status: 503 })
    store.dispatch(taskSubmitted('New'))
    store.dispatch(taskMarkedDone(existing ?? ''))
    store.dispatch(taskDeleted(other ?? ''))
    await vi.waitFor(() => {
      expect(consoleError).toHaveBeenCalledTimes(3)
    })
    expect(consoleError.mock.calls.map(([message]) => message as string)).toEqual([
      'Error adding document',
      'Error updating document',
      'Error deleting document',
    ])
    expect(consoleError.mock.calls[0]?.[1]).toMatchObject({ code: 'unavailable' })
    expect(listOf(store)).toEqual([
      { task: 'New', isFinished: false },
      { task: 'Existing', isFinished: true },
    ])
  })

  it('sign-out clears the list and the stored e-mail', async () => {
    const consoleLog = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { store } = await signedInStore()
    store.dispatch(taskSubmitted('Mine'))
    await vi.waitFor(() => {
      expect(serverListOf()).toHaveLength(1)
    })
    store.dispatch(signOutRequested())
    await vi.waitFor(() => {
      expect(store.getState().auth.status).toBe('signedOut')
    })
    expect(selectAllTasks(store.getState())).toEqual([])
    expect(sessionStorage.getItem('userEmail')).toBeNull()
    expect(consoleLog).toHaveBeenCalledWith('Signed out successfully')
  })
})
