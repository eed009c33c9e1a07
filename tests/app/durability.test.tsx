import 'fake-indexeddb/auto'
import { screen } from '@testing-library/react'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { appStarted, connectivityRestored } from '../../src/app/actions'
import { App } from '../../src/app/App'
import { setupStore } from '../../src/app/store'
import { selectAllTasks, taskSubmitted } from '../../src/features/tasks/tasksSlice'
import { taskDeleted, taskMarkedDone } from '../../src/features/tasks/taskEdits'
import { signOutRequested } from '../../src/features/auth/authSlice'
import { createMemoryStore, openIndexedDbStore } from '../../src/services/outbox/storage'
import type { LoadedTask } from '../../src/services/types'
import { ADA } from '../support/fakeAuthService'
import { createRecordingRepository } from '../support/recordingTaskRepository'
import { renderWithProviders } from '../support/render'
import { createTabHub, createTestServices } from '../support/services'

const EMAIL = 'ada@example.com'
const unavailable = () => Object.assign(new Error('Service unavailable'), { code: 'unavailable' })

afterEach(() => {
  vi.useRealTimers()
})

/** A page session over the given device storage and server: a new store, as after a reload. */
function session(local = createMemoryStore(), server: LoadedTask[] = []) {
  const recorder = createRecordingRepository(server)
  const testServices = createTestServices({ local, tasks: recorder.repository })
  const store = setupStore(testServices.services)
  store.dispatch(appStarted())
  return { store, ...testServices, recorder, local }
}

const texts = (store: ReturnType<typeof setupStore>) =>
  selectAllTasks(store.getState()).map(({ task, isFinished }) => `${task}${isFinished ? ' ✓' : ''}`)

describe('never losing a change', () => {
  it('a reload during an outage shows the user’s latest state, then sends it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const server: LoadedTask[] = [
      { id: 's1', task: 'On the server', isFinished: false, email: EMAIL, order: 0 },
    ]
    const first = session(undefined, server)
    first.fakeAuth.emit(ADA)
    await vi.waitFor(() => {
      expect(texts(first.store)).toEqual(['On the server'])
    })
    first.recorder.failWritesWith(unavailable())
    first.store.dispatch(taskSubmitted('Made offline'))
    first.store.dispatch(taskMarkedDone('s1'))
    await vi.waitFor(() => {
      expect(first.recorder.writes()).toHaveLength(2)
    })

    // Reload: a new page over the same device storage; the server still has the old list.
    first.services.outbox.close()
    const second = session(first.local, server)
    second.fakeAuth.emit(ADA)
    await vi.waitFor(() => {
      expect(second.store.getState().tasks.status).toBe('loaded')
    })
    expect(texts(second.store)).toEqual(['Made offline', 'On the server ✓'])
    // …and the pending writes go out with the signed-in user's session.
    await vi.waitFor(() => {
      expect(
        second.recorder
          .writes()
          .map((write) => write.kind)
          .sort(),
      ).toEqual(['addAgain', 'update'])
    })
    expect(await second.services.outbox.pending(EMAIL)).toEqual([])
  })

  it('a change the server took just before a reload shows after it, though the kept list had not caught up', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const server: LoadedTask[] = [
      { id: 's1', task: 'Delete me', isFinished: false, email: EMAIL, order: 0 },
      { id: 's2', task: 'Keep', isFinished: false, email: EMAIL, order: 1 },
    ]
    const device = await openIndexedDbStore(new IDBFactory())
    // The first page's kept list is written once, after the load; the page is gone (reloaded)
    // before its next write, due at most 300 ms after the delete.
    let pageGone = false
    const first = session(
      {
        ...device,
        putList: (email, tasks) => (pageGone ? Promise.resolve() : device.putList(email, tasks)),
      },
      server,
    )
    first.fakeAuth.emit(ADA)
    await vi.waitFor(async () => {
      expect((await device.getList(EMAIL))?.map((task) => task.task)).toEqual(['Delete me', 'Keep'])
    })
    pageGone = true
    first.store.dispatch(taskDeleted('s1'))
    await vi.waitFor(async () => {
      expect(first.recorder.writes()).toMatchObject([{ kind: 'delete', id: 's1' }])
      expect(await first.services.outbox.pending(EMAIL)).toEqual([])
    })
    first.services.outbox.close()

    // The reload cannot reach the server: the kept list and the outbox are all there is.
    const second = session(device, server)
    second.recorder.holdLoads()
    second.fakeAuth.emit(ADA)
    await vi.waitFor(() => {
      expect(second.recorder.calls.filter((call) => call.kind === 'load')).toHaveLength(1)
    })
    second.recorder.failLoad(EMAIL, unavailable())
    await vi.waitFor(() => {
      expect(second.store.getState().tasks.status).toBe('failed')
    })
    expect(texts(second.store)).toEqual(['Keep'])
    expect(second.recorder.writes()).toEqual([])
  })

  it('shows the list kept on the device at once, while the server has not answered', async () => {
    const local = createMemoryStore()
    await local.putList(EMAIL, [
      { id: 'k1', task: 'Kept on this device', isFinished: false, email: EMAIL, order: 0 },
    ])
    const app = session(local)
    const { store, recorder, fakeAuth } = app
    recorder.holdLoads()
    renderWithProviders(<App />, { services: app })
    fakeAuth.emit(ADA)
    expect(await screen.findByText('Kept on this device')).toBeInTheDocument()
    expect(store.getState().tasks.status).toBe('loading')
  })

  it('while the server cannot be reached and no list is known, says so and retries; never "No tasks"', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const app = session()
    const { store, recorder, fakeAuth } = app
    recorder.holdLoads()
    renderWithProviders(<App />, { services: app })
    fakeAuth.emit(ADA)
    expect(await screen.findByText('Loading your tasks…')).toBeInTheDocument()
    recorder.failLoad(EMAIL, unavailable())
    expect(
      await screen.findByText('Your tasks cannot be reached right now. Trying again…'),
    ).toBeInTheDocument()
    expect(screen.queryByText('No tasks have been added yet')).not.toBeInTheDocument()
    expect(consoleError).toHaveBeenCalledWith('Error loading tasks', expect.anything())

    // Back online: the load is retried at once and the (empty) list is known.
    store.dispatch(connectivityRestored())
    await vi.waitFor(() => {
      expect(recorder.calls.filter((call) => call.kind === 'load')).toHaveLength(2)
    })
    recorder.releaseLoad(EMAIL)
    expect(await screen.findByText('No tasks have been added yet')).toBeInTheDocument()
  })

  it('keeps the shown list on the device for the next visit', async () => {
    const { store, fakeAuth, local } = session()
    fakeAuth.emit(ADA)
    await vi.waitFor(() => {
      expect(store.getState().tasks.status).toBe('loaded')
    })
    store.dispatch(taskSubmitted('Remember me'))
    await vi.waitFor(async () => {
      expect((await local.getList(EMAIL))?.map((task) => task.task)).toEqual(['Remember me'])
    })
  })

  it('sign-out neither sends nor drops pending changes; they go out at the next sign-in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { store, fakeAuth, recorder, services } = session()
    fakeAuth.emit(ADA)
    await vi.waitFor(() => {
      expect(store.getState().tasks.status).toBe('loaded')
    })
    recorder.failWritesWith(unavailable())
    store.dispatch(taskSubmitted('Pending'))
    await vi.waitFor(() => {
      expect(recorder.writes()).toHaveLength(1)
    })
    fakeAuth.emit(null)
    recorder.succeedWrites()
    services.outbox.flushNow()
    await services.outbox.idle()
    expect(recorder.writes()).toHaveLength(1)
    expect(await services.outbox.pending(EMAIL)).toHaveLength(1)

    fakeAuth.emit(ADA)
    await vi.waitFor(() => {
      expect(recorder.writes()).toHaveLength(2)
    })
    expect(await services.outbox.pending(EMAIL)).toEqual([])
  })
})

describe('two tabs of one browser', () => {
  it('a change in one appears in the other without a reload, and is written once', async () => {
    const hub = createTabHub()
    const local = createMemoryStore()
    const server = createRecordingRepository()
    const tabs = [0, 1].map(() => {
      const testServices = createTestServices({
        local,
        tasks: server.repository,
        tabSync: hub.tab(),
      })
      const store = setupStore(testServices.services)
      store.dispatch(appStarted())
      testServices.fakeAuth.emit(ADA)
      return { store, ...testServices }
    })
    const [one, two] = tabs
    if (!one || !two) throw new Error('two tabs expected')
    await vi.waitFor(() => {
      expect(two.store.getState().tasks.status).toBe('loaded')
    })
    one.store.dispatch(taskSubmitted('Made in tab one'))
    expect(texts(two.store)).toEqual(['Made in tab one'])
    const id = selectAllTasks(one.store.getState())[0]?.id ?? ''
    two.store.dispatch(taskMarkedDone(id))
    expect(texts(one.store)).toEqual(['Made in tab one ✓'])
    await Promise.all(tabs.map((tab) => tab.services.outbox.idle()))
    await vi.waitFor(async () => {
      expect(await one.services.outbox.pending(EMAIL)).toEqual([])
    })
    // Each change is sent once (an add still in flight is followed by one full write of the
    // latest state), and the server ends with the list as both tabs show it.
    expect(server.writes().length).toBeLessThanOrEqual(2)
    expect(server.serverTasks(EMAIL).map((task) => [task.task, task.isFinished])).toEqual([
      ['Made in tab one', true],
    ])
  })
})

describe('while sign-in is being checked', () => {
  const kept = [
    { id: 'k1', task: 'Kept on this device', isFinished: false, email: EMAIL, order: 0 },
  ]

  /** A first visit that signed in and kept its list; returns the device storage. */
  async function deviceAfterSignIn() {
    const first = session(undefined, kept)
    first.fakeAuth.emit(ADA)
    await vi.waitFor(async () => {
      expect(await first.local.getList(EMAIL)).toEqual(kept)
    })
    first.services.outbox.close()
    return first.local
  }

  it('shows the list kept for the device’s last signed-in user, before Auth answers', async () => {
    const local = await deviceAfterSignIn()
    const next = session(local, kept)
    expect(next.store.getState().tasks).toMatchObject({ status: 'loading', owner: EMAIL })
    // Firebase may load once the kept list is there, not before.
    const shownWhenFirebaseLoads: string[][] = []
    next.loadRemote.mockImplementation(() => {
      shownWhenFirebaseLoads.push(texts(next.store))
    })
    renderWithProviders(<App />, { services: next })
    expect(await screen.findByText('Kept on this device')).toBeInTheDocument()
    expect(screen.getByRole('banner')).toHaveTextContent('Checking sign-in…')
    expect(next.recorder.calls).toEqual([])
    expect(shownWhenFirebaseLoads).toEqual([['Kept on this device']])

    next.fakeAuth.emit(ADA)
    await vi.waitFor(() => {
      expect(next.store.getState().tasks.status).toBe('loaded')
    })
    expect(texts(next.store)).toEqual(['Kept on this device'])
  })

  it('takes the list away when Auth reports nobody signed in, and shows none next time', async () => {
    const local = await deviceAfterSignIn()
    const next = session(local, kept)
    renderWithProviders(<App />, { services: next })
    expect(await screen.findByText('Kept on this device')).toBeInTheDocument()
    next.fakeAuth.emit(null)
    expect(await screen.findByText('No tasks have been added yet')).toBeInTheDocument()
    expect(screen.queryByText('Kept on this device')).not.toBeInTheDocument()

    // The next visit does not start loading anyone's list before Auth answers, and lets
    // Firebase load at once.
    const third = session(local, kept)
    expect(third.store.getState().tasks).toMatchObject({ status: 'idle', owner: null })
    await vi.waitFor(() => {
      expect(third.loadRemote).toHaveBeenCalledTimes(1)
    })
  })

  it('signing out forgets the last user before Auth signs out, and remembers them if it fails', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { store, fakeAuth, services } = session()
    fakeAuth.emit(ADA)
    await vi.waitFor(() => {
      expect(store.getState().tasks.status).toBe('loaded')
    })
    expect(services.listCache.lastUser()).toBe(EMAIL)
    const signOut = services.auth.signOut.bind(services.auth)
    const lastUserAtSignOut: (string | null)[] = []
    services.auth.signOut = () => {
      lastUserAtSignOut.push(services.listCache.lastUser())
      return signOut()
    }

    fakeAuth.signOutFailsWith(new Error('network'))
    store.dispatch(signOutRequested())
    await vi.waitFor(() => {
      expect(lastUserAtSignOut).toEqual([null])
    })
    await vi.waitFor(() => {
      expect(services.listCache.lastUser()).toBe(EMAIL)
    })

    fakeAuth.signOutFailsWith(null)
    store.dispatch(signOutRequested())
    await vi.waitFor(() => {
      expect(store.getState().auth.status).toBe('signedOut')
    })
    expect(lastUserAtSignOut).toEqual([null, null])
    expect(services.listCache.lastUser()).toBeNull()
  })

  it('a kept list that cannot be read does not stop the load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const device = createMemoryStore()
    const unreadable = {
      ...device,
      getList: () => Promise.reject(new DOMException('Read failed', 'UnknownError')),
    }
    const { store, fakeAuth } = session(unreadable, kept)
    fakeAuth.emit(ADA)
    await vi.waitFor(() => {
      expect(store.getState().tasks.status).toBe('loaded')
    })
    expect(texts(store)).toEqual(['Kept on this device'])
  })

  it('takes the list away when someone else signs in', async () => {
    const local = await deviceAfterSignIn()
    const next = session(local, kept)
    await vi.waitFor(() => {
      expect(texts(next.store)).toEqual(['Kept on this device'])
    })
    next.fakeAuth.emit({ ...ADA, email: 'grace@example.com', displayName: 'Grace Hopper' })
    await vi.waitFor(() => {
      expect(next.store.getState().tasks.status).toBe('loaded')
    })
    expect(texts(next.store)).toEqual([])
  })
})
