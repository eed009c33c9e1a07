import { afterEach, describe, expect, it, vi } from 'vitest'
import { appStarted } from '../../../src/app/hooks'
import {
  selectAuthStatus,
  selectCurrentUser,
  selectShownAuthStatus,
  signInRequested,
  signOutRequested,
} from '../../../src/features/auth/authSlice'
import { SIGN_OUT_SAVE_WAIT_ANSWERING_MS } from '../../../src/features/auth/listeners'
import { toggleTask } from '../../../src/features/tasks/model/commands'
import { selectTaskIds } from '../../../src/features/tasks/model/tasksSlice'
import type { Task } from '../../../src/services/types'
import { ADA } from '../../support/fakeAuthService'
import { createTestServices } from '../../support/services'
import { settle } from '../../support/settle'
import { startedStore as started, storedTask } from '../../support/store'
import { nextDue } from '../../../src/features/tasks/model/recurrence'

const stored: Task[] = [
  storedTask('a1', false, 0, 'Ada 1'),
  { ...storedTask('g1', false, 0, 'Grace 1'), email: 'grace@example.com' },
]

const startedStore = () => started(createTestServices({ stored }))

afterEach(() => {
  vi.useRealTimers()
})

describe('following the sign-in state', () => {
  it('starts unknown, and subscribes to the Auth client once per store', () => {
    const { store, fakeAuth } = startedStore()
    store.dispatch(appStarted())
    expect(selectAuthStatus(store.getState())).toBe('unknown')
    expect(fakeAuth.subscriberCount()).toBe(1)
  })

  it('on sign-in holds the user, saves the e-mail in session storage and loads their tasks', async () => {
    const { store, fakeAuth, repository } = startedStore()
    // The Auth client's user carries much more; only the three fields the product reads are kept.
    const firebaseLikeUser = { ...ADA, uid: 'u1', emailVerified: true, providerData: [] }
    fakeAuth.emit(firebaseLikeUser)
    await settle()
    expect(selectCurrentUser(store.getState())).toEqual(ADA)
    expect(selectAuthStatus(store.getState())).toBe('signedIn')
    expect(sessionStorage.getItem('userEmail')).toBe('ada@example.com')
    expect(localStorage.getItem('todo.lastUser')).toBe('ada@example.com')
    expect(repository.watching()).toEqual(['ada@example.com'])
    expect(selectTaskIds(store.getState())).toEqual(['a1'])
  })

  it('expects the device’s last user, who did not sign out, until Auth answers', () => {
    localStorage.setItem('todo.lastUser', 'ada@example.com')
    const { store } = startedStore()
    expect(selectShownAuthStatus(store.getState())).toBe('unknown')
    localStorage.clear()
    expect(selectShownAuthStatus(startedStore().store.getState())).toBe('signedOut')
  })

  it('writes userEmail for a session restored without a popup (reload, new tab)', async () => {
    const { fakeAuth } = startedStore()
    expect(sessionStorage.getItem('userEmail')).toBeNull()
    fakeAuth.emit(ADA)
    await settle()
    expect(sessionStorage.getItem('userEmail')).toBe('ada@example.com')
    expect(fakeAuth.calls.signInWithPopup).toBe(0)
  })

  it('on sign-out clears the user, the list and the stored e-mail', async () => {
    const { store, fakeAuth } = startedStore()
    fakeAuth.emit(ADA)
    await settle()
    fakeAuth.emit(null)
    await settle()
    expect(selectAuthStatus(store.getState())).toBe('signedOut')
    expect(selectCurrentUser(store.getState())).toBeNull()
    expect(selectTaskIds(store.getState())).toEqual([])
    expect(sessionStorage.getItem('userEmail')).toBeNull()
    expect(localStorage.getItem('todo.lastUser')).toBeNull()
  })
})

describe('Login now', () => {
  it('opens the popup sign-in when nobody is signed in', async () => {
    const { store, fakeAuth } = startedStore()
    fakeAuth.emit(null)
    store.dispatch(signInRequested())
    await settle()
    expect(fakeAuth.calls.signInWithPopup).toBe(1)
    expect(selectCurrentUser(store.getState())).toEqual(ADA)
    expect(sessionStorage.getItem('userEmail')).toBe('ada@example.com')
  })

  it('does nothing while someone is signed in', async () => {
    const { store, fakeAuth } = startedStore()
    fakeAuth.emit(ADA)
    store.dispatch(signInRequested())
    await settle()
    expect(fakeAuth.calls.signInWithPopup).toBe(0)
    expect(store.getState().auth.signingIn).toBe(false)
  })

  it('opens one popup for two quick clicks', async () => {
    const { store, fakeAuth } = startedStore()
    fakeAuth.emit(null)
    vi.stubGlobal('open', () => null) // the popup's window (jsdom has none)
    fakeAuth.popupWaits()
    store.dispatch(signInRequested())
    store.dispatch(signInRequested())
    await settle()
    expect(fakeAuth.calls.signInWithPopup).toBe(1)
    fakeAuth.completePopup()
    await settle()
    expect(store.getState().auth).toMatchObject({ status: 'signedIn', signingIn: false })
  })

  it('a failure logs "Error during sign-in:" with the error, changes nothing, and can be retried', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { store, fakeAuth } = startedStore()
    fakeAuth.emit(null)
    await settle()
    const closed = Object.assign(new Error('Popup closed'), { code: 'auth/popup-closed-by-user' })
    fakeAuth.popupFailsWith(closed)
    const before = store.getState()
    store.dispatch(signInRequested())
    await settle()
    expect(consoleError).toHaveBeenCalledExactlyOnceWith('Error during sign-in:', closed)
    expect(store.getState()).toEqual(before)
    expect(sessionStorage.getItem('userEmail')).toBeNull()

    fakeAuth.popupSucceedsAs(ADA)
    store.dispatch(signInRequested())
    await settle()
    expect(fakeAuth.calls.signInWithPopup).toBe(2)
    expect(selectAuthStatus(store.getState())).toBe('signedIn')
  })
})

describe('Log Out', () => {
  it('signs out, clears the user and list, removes userEmail, logs "Signed out successfully"', async () => {
    const consoleLog = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { store, fakeAuth } = startedStore()
    fakeAuth.emit(ADA)
    await settle()
    store.dispatch(signOutRequested())
    await settle()
    expect(fakeAuth.calls.signOut).toBe(1)
    expect(selectCurrentUser(store.getState())).toBeNull()
    expect(selectTaskIds(store.getState())).toEqual([])
    expect(sessionStorage.getItem('userEmail')).toBeNull()
    expect(localStorage.getItem('todo.lastUser')).toBeNull()
    expect(consoleLog).toHaveBeenCalledExactlyOnceWith('Signed out successfully')
  })

  it('waits for the last changes to reach the server, up to a limit, and says if some did not', async () => {
    // The server answers: the longer limit (tests/features/tasks/effects/listeners.signOut.test.ts).
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { store, fakeAuth, repository } = startedStore()
    fakeAuth.emit(ADA)
    await vi.waitFor(
      () => {
        expect(selectTaskIds(store.getState())).toEqual(['a1'])
      },
      { timeout: 10_000 },
    )
    repository.holdWrites()
    store.dispatch(toggleTask('a1', nextDue))
    vi.useFakeTimers()
    store.dispatch(signOutRequested())
    await vi.advanceTimersByTimeAsync(SIGN_OUT_SAVE_WAIT_ANSWERING_MS - 1)
    expect(fakeAuth.calls.signOut).toBe(0)
    expect(store.getState().auth.signingOut).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(fakeAuth.calls.signOut).toBe(1)
    expect(selectAuthStatus(store.getState())).toBe('signedOut')
    expect(store.getState().sync.unsavedLeft).toBe(true)
  })

  it('goes as soon as everything is saved, and says nothing is left behind', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const { store, fakeAuth, repository } = startedStore()
    fakeAuth.emit(ADA)
    await settle()
    repository.holdWrites()
    store.dispatch(toggleTask('a1', nextDue))
    store.dispatch(signOutRequested())
    await settle()
    expect(fakeAuth.calls.signOut).toBe(0)
    repository.acknowledgeHeld()
    await vi.waitFor(
      () => {
        expect(repository.devicesCleared).toBe(1)
      },
      { timeout: 10_000 },
    )
    expect(fakeAuth.calls.signOut).toBe(1)
    expect(store.getState().sync.unsavedLeft).toBe(false)
  })

  it('a failure logs the error and leaves the user signed in, and remembered', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { store, fakeAuth } = startedStore()
    fakeAuth.emit(ADA)
    await settle()
    const err = new Error('network')
    fakeAuth.signOutFailsWith(err)
    store.dispatch(signOutRequested())
    await settle()
    expect(consoleError).toHaveBeenCalledExactlyOnceWith('Error during sign-out:', err)
    expect(selectAuthStatus(store.getState())).toBe('signedIn')
    expect(store.getState().auth.signingOut).toBe(false)
    expect(sessionStorage.getItem('userEmail')).toBe('ada@example.com')
    expect(localStorage.getItem('todo.lastUser')).toBe('ada@example.com')
  })
})
