// @vitest-environment jsdom
import { ActionCreators, instrument, type LiftedState } from '@redux-devtools/instrument'
import type { UnknownAction } from '@reduxjs/toolkit'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { appStarted } from '../../src/app/hooks'
import { DEVTOOLS_MAX_AGE } from '../../src/app/devTools'
import { setupStore, type RootState } from '../../src/app/store'
import { addTask, deleteTask, toggleTask } from '../../src/features/tasks/model/commands'
import { selectDeleteOffer } from '../../src/features/undo/undoSlice'
import {
  selectAllTasks,
  taskAdded,
  taskMarkedDone,
  taskTextSaved,
} from '../../src/features/tasks/model/tasksSlice'
import { newTask } from '../../src/services/taskDocument'
import type { TaskRepository } from '../../src/services/types'
import { device, newUser } from '../emulators/devices'
import { userTasks } from '../emulators/userTasks'
import { createTestServices } from '../support/services'
import { nextDue } from '../../src/features/tasks/model/recurrence'

// Redux DevTools' own instrumentation (what the extension runs) on the real store, its real
// listeners and the real Firestore SDK against the emulator: travelling never writes, and a
// click made in the past writes what it said.

/** `tasks`, keeping each write the app asks of it. */
function counted(tasks: TaskRepository) {
  const writes: unknown[][] = []
  const kept = (write: unknown[], send: () => Promise<void>) => {
    writes.push(write)
    return send()
  }
  const repository: TaskRepository = {
    ...tasks,
    add: (task) => kept(['add', task.id], () => tasks.add(task)),
    update: (id, changes) => kept(['update', id, changes], () => tasks.update(id, changes)),
    delete: (id) => kept(['delete', id], () => tasks.delete(id)),
  }
  return { repository, writes }
}

// Signed out after each test, before devices.ts deletes the device: the live query stops first.
const signOuts: (() => void)[] = []
afterEach(() => {
  for (const signOut of signOuts.splice(0)) signOut()
})

/** The real store of a signed-in `email`, instrumented as the extension does it. */
async function travellingStore(email: string) {
  const laptop = await device(email)
  const { repository, writes } = counted(laptop.tasks)
  const { services, fakeAuth } = createTestServices()
  const store = setupStore({ ...services, tasks: repository }, undefined, {
    enhancer: instrument(undefined, { maxAge: DEVTOOLS_MAX_AGE }),
  })
  store.dispatch(appStarted())
  fakeAuth.emit({ displayName: 'Ada', email, photoURL: null })
  signOuts.push(() => {
    fakeAuth.emit(null)
  })
  await vi.waitFor(
    () => {
      expect(store.getState().tasks.status).toBe('loaded')
    },
    { timeout: 20_000, interval: 20 },
  )

  const log = () => store.liftedStore.getState() as LiftedState<RootState, UnknownAction, null>
  const indexOf = (matches: (action: UnknownAction) => boolean) => {
    const { stagedActionIds, actionsById } = log()
    return stagedActionIds.findLastIndex((id) => actionsById[id] && matches(actionsById[id].action))
  }
  return {
    store,
    writes,
    /** The list shown, as its texts (✓: finished). */
    shown: () => selectAllTasks(store.getState()).map((t) => t.task + (t.isFinished ? ' ✓' : '')),
    /** The staged index of the last action `matches` accepts. */
    indexOf,
    actionAt: (index: number) => log().actionsById[log().stagedActionIds[index] ?? -1]?.action,
    /** DevTools' buttons: jump to the state after the action at a staged index, skip it. */
    jumpTo: (index: number) => store.liftedStore.dispatch(ActionCreators.jumpToState(index)),
    toPresent: () =>
      store.liftedStore.dispatch(ActionCreators.jumpToState(log().stagedActionIds.length - 1)),
    toggle: (index: number) =>
      store.liftedStore.dispatch(ActionCreators.toggleAction(log().stagedActionIds[index] ?? -1)),
    skipped: () => log().skippedActionIds,
    /** Waits until every write reached the server and the list shows what the server holds. */
    async inStepWithServer() {
      expect(await laptop.tasks.allSaved(20_000)).toBe(true)
      await vi.waitFor(
        async () => {
          expect(selectAllTasks(store.getState())).toEqual((await userTasks(email)).tasks)
        },
        { timeout: 20_000, interval: 50 },
      )
    },
  }
}

describe('Redux DevTools time travel, against the emulator', () => {
  it('jumps back, skips and returns without a write; a click made back then writes what it said', async () => {
    const email = newUser()
    const app = await travellingStore(email)
    const { store, writes } = app

    // A burst of clicks: they stand in the log back to back, before any answer of the server.
    const add = (text: string) => {
      const outcome = store.dispatch(addTask(text))
      if (outcome.kind !== 'added') throw new Error(`${text}: ${outcome.kind}`)
      return outcome.id
    }
    const [milk, dog, letter] = [add('Buy milk'), add('Walk the dog'), add('Write to Grace')]
    store.dispatch(toggleTask(milk, nextDue))
    store.dispatch(deleteTask(letter))
    store.dispatch(taskTextSaved({ id: dog, task: 'Walk the dog twice' }))
    expect(writes).toHaveLength(6)
    await app.inStepWithServer()
    expect(app.shown()).toEqual(['Walk the dog twice', 'Buy milk ✓'])
    const before = await userTasks(email)

    // Back to before the first add, to the three adds, to the last click.
    const added = (id: string) => app.indexOf((a) => taskAdded.match(a) && a.payload.id === id)
    // Still in the history DevTools keeps (its last DEVTOOLS_MAX_AGE actions).
    expect(added(milk)).toBeGreaterThan(0)
    app.jumpTo(added(milk) - 1)
    expect(app.shown()).toEqual([])
    app.jumpTo(added(letter))
    expect(app.shown()).toEqual(['Buy milk', 'Walk the dog', 'Write to Grace'])
    expect(selectDeleteOffer(store.getState())).toBeNull()
    const lastClick = app.indexOf(taskTextSaved.match)
    app.jumpTo(lastClick)
    expect(app.shown()).toEqual(['Walk the dog twice', 'Buy milk ✓'])
    // The delete's Undo is offered again at that moment: it is state, made from the log.
    expect(selectDeleteOffer(store.getState())?.tasks.map(({ task }) => task)).toEqual([
      'Write to Grace',
    ])

    // Skipping the dog's add: that moment shows no dog; the present shows the server's word
    // once the live query has reported the dog (its report follows the write's settling).
    app.toggle(added(dog))
    expect(app.shown()).toEqual(['Buy milk ✓'])
    app.toPresent()
    await vi.waitFor(
      () => {
        expect(selectAllTasks(store.getState())).toEqual(before.tasks)
      },
      { timeout: 10_000 },
    )
    app.toggle(added(dog))
    expect(app.skipped()).toEqual([])
    expect(selectAllTasks(store.getState())).toEqual(before.tasks)
    expect(writes).toHaveLength(6)

    // Back where all three were open, the dog is ticked: the click reads the list shown then.
    app.jumpTo(added(letter))
    store.dispatch(toggleTask(dog, nextDue))
    const click = app.actionAt(app.indexOf(taskMarkedDone.match))
    if (click === undefined || !taskMarkedDone.match(click)) throw new Error('No click logged')
    const { id, order, rank } = click.payload
    expect(id).toBe(dog)
    expect(writes.slice(6)).toEqual([['update', dog, { isFinished: true, order, rank }]])
    // DevTools keeps showing the moment travelled to; the click is the log's latest action.
    expect(app.shown()).toEqual(['Buy milk', 'Walk the dog', 'Write to Grace'])

    app.toPresent()
    // Each click put its task after the open ones it saw: the same order, so the ids decide.
    expect(app.shown().sort()).toEqual(['Buy milk ✓', 'Walk the dog twice ✓'])
    await app.inStepWithServer()
    const after = await userTasks(email)
    expect(after.tasks.find((task) => task.id === dog)).toEqual(
      newTask({ id: dog, task: 'Walk the dog twice', isFinished: true, email, order, rank }),
    )
    // The SDK sends writes in order: had the travel queued one, it would be in by now.
    expect(after.written[milk]).toBe(before.written[milk])
    expect(after.written[dog]).not.toBe(before.written[dog])
    expect(writes).toHaveLength(7)
  })
})
