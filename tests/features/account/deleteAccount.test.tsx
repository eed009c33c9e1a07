import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../../src/app/App'
import { connectivityLost, connectivityRestored } from '../../../src/app/hooks'
import { authError } from '../../support/fakeAuthService'
import { renderSignedIn } from '../../support/render'
import { EMAIL, storedTask } from '../../support/store'
import { chooseInSettings, recordDownloads } from './support'

afterEach(() => {
  vi.restoreAllMocks()
})

const three = [
  storedTask('a', false, 0, 'Water the plants'),
  storedTask('b', false, 1, 'Call the plumber'),
  storedTask('c', true, 2 ** 40, 'Buy oat milk'),
]
const many = Array.from({ length: 1200 }, (_, i) => storedTask(`t${String(i)}`, false, i))

async function openDeletion(stored = three) {
  const rendered = await renderSignedIn(<App />, stored)
  await chooseInSettings(rendered.user, 'Delete account')
  const dialog = screen.getByRole('dialog', { name: 'Delete account' })
  const button = (name: string) => within(dialog).getByRole('button', { name })
  return { ...rendered, dialog, button }
}

/** Signed out with nothing of theirs left: the account and its tasks gone, the device cleared. */
async function expectGone(rendered: Awaited<ReturnType<typeof openDeletion>>) {
  await screen.findByRole('button', { name: 'Login now' })
  expect(rendered.fakeAuth.deleted).toEqual([EMAIL])
  expect(rendered.repository.serverTasks(EMAIL)).toEqual([])
  await waitFor(() => {
    expect(rendered.repository.devicesCleared).toBe(1)
  })
  expect(sessionStorage.getItem('userEmail')).toBeNull()
  expect(localStorage.getItem('todo.lastUser')).toBeNull()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(
    screen.getByText('Your account and all its tasks were deleted. You are signed out.'),
  ).toBeInTheDocument()
}

describe('Delete account', { timeout: 20_000 }, () => {
  it('says how many tasks go, offers Export first, and Cancel leaves everything', async () => {
    const downloads = recordDownloads()
    const { dialog, button, user, fakeAuth, repository } = await openDeletion()
    expect(dialog).toHaveTextContent(
      'This deletes your account and your 3 tasks, on every device. It cannot be undone.',
    )
    await user.click(button('Export first'))
    expect(downloads.map(({ name }) => name)).toEqual([
      `todo-tasks-${new Date().toLocaleDateString('sv')}.json`,
    ])
    const file = JSON.parse(await (downloads[0]?.text ?? '')) as { tasks: unknown[] }
    expect(file.tasks).toHaveLength(3)
    await user.click(button('Cancel'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fakeAuth.calls.deleteAccount).toBe(0)
    expect(repository.writes).toEqual([])
  })

  it('deletes every task in batches, marks the account, then deletes it; signed out, nothing of theirs stays', async () => {
    const rendered = await openDeletion(many)
    await rendered.user.click(rendered.button('Delete account'))
    await expectGone(rendered)
    expect(
      rendered.repository.writes.map((write) =>
        write.kind === 'deleteMany' ? write.ids.length : write.kind,
      ),
    ).toEqual([500, 500, 200, 'mark'])
    expect(rendered.repository.isMarked(EMAIL)).toBe(true)
  })

  it('offline, refuses with a message and deletes nothing', async () => {
    const { store, button, dialog, user, fakeAuth, repository } = await openDeletion()
    repository.serverReachable = false
    store.dispatch(connectivityLost())
    await user.click(button('Delete account'))
    expect(dialog).toHaveTextContent(
      'You are offline: an account can be deleted only while connected. Nothing was deleted.',
    )
    expect(repository.writes).toEqual([])
    expect(fakeAuth.calls.deleteAccount).toBe(0)
    expect(screen.getByText('Welcome, Ada Lovelace')).toBeInTheDocument()
  })

  it('with an old sign-in, asks to sign in again before deleting anything, then goes on', async () => {
    const rendered = await openDeletion()
    rendered.fakeAuth.signInIsOld()
    await rendered.user.click(rendered.button('Delete account'))
    expect(rendered.dialog).toHaveTextContent(
      'For your safety, sign in again before your account is deleted. Nothing has been deleted yet.',
    )
    expect(rendered.repository.writes).toEqual([])
    await rendered.user.click(rendered.button('Sign in again'))
    await expectGone(rendered)
    expect(rendered.fakeAuth.calls.reauthenticate).toBe(1)
  })

  it('on auth/requires-recent-login, the tasks gone, the popup again finishes it', async () => {
    const rendered = await openDeletion()
    rendered.fakeAuth.deleteAccountFailsWith(authError('auth/requires-recent-login'))
    await rendered.user.click(rendered.button('Delete account'))
    await waitFor(() => {
      expect(rendered.dialog).toHaveTextContent(
        'Your tasks are deleted. Sign in again to finish deleting your account.',
      )
    })
    // Not deleted: the account is not left unable to save while the person signs in again.
    await waitFor(() => {
      expect(rendered.repository.isMarked(EMAIL)).toBe(false)
    })
    rendered.fakeAuth.deleteAccountFailsWith(null)
    await rendered.user.click(rendered.button('Sign in again'))
    await expectGone(rendered)
  })

  it('another account chosen in the popup deletes nothing more', async () => {
    const { fakeAuth, button, dialog, user, repository } = await openDeletion()
    fakeAuth.signInIsOld()
    fakeAuth.reauthenticationFailsWith(authError('auth/user-mismatch'))
    await user.click(button('Delete account'))
    await user.click(button('Sign in again'))
    await waitFor(() => {
      expect(dialog).toHaveTextContent(
        'That was another account: sign in again as ada@example.com. Your account was not deleted.',
      )
    })
    expect(repository.writes).toEqual([])
  })

  it('a connection lost midway stops it, says how far it went, and Try again finishes', async () => {
    const rendered = await openDeletion(many.slice(0, 600))
    const { repository, store, button, dialog, user } = rendered
    repository.holdWrites()
    await user.click(button('Delete account'))
    await waitFor(() => {
      expect(dialog).toHaveTextContent('Deleting your tasks: 0 of 600…')
    })
    expect(button('Cancel')).toBeDisabled()
    repository.acknowledgeHeld()
    await waitFor(() => {
      expect(repository.writes).toHaveLength(2)
    })
    store.dispatch(connectivityLost())
    await waitFor(() => {
      expect(dialog).toHaveTextContent(
        'The connection was lost after 500 of 600 tasks were deleted. Your account and the other tasks are still here: try again once you are back online.',
      )
    })
    expect(rendered.fakeAuth.calls.deleteAccount).toBe(0)
    store.dispatch(connectivityRestored())
    repository.acknowledgeWrites()
    repository.acknowledgeHeld()
    await user.click(button('Try again'))
    await expectGone(rendered)
  })

  it('a delete still queued here is sent first: the account goes only once the server holds no task', async () => {
    const rendered = await openDeletion(many.slice(0, 700))
    const { repository, store, button, dialog, user, fakeAuth } = rendered
    repository.holdWrites()
    await user.click(button('Delete account'))
    await waitFor(() => {
      expect(repository.writes).toHaveLength(1)
    })
    store.dispatch(connectivityLost())
    await waitFor(() => {
      expect(dialog).toHaveTextContent(
        'The connection was lost before anything was deleted. Your account and your tasks are still here: try again once you are back online.',
      )
    })
    // Back, and Try again at once: the first batch has not reached the server yet. This page's
    // view already leaves its 500 tasks out; the server still holds all 700.
    store.dispatch(connectivityRestored())
    await user.click(button('Try again'))
    await waitFor(() => {
      expect(dialog).toHaveTextContent('Checking with the server…')
    })
    expect(repository.serverTasks(EMAIL)).toHaveLength(700)
    expect(fakeAuth.calls.deleteAccount).toBe(0)
    repository.acknowledgeWrites()
    repository.acknowledgeHeld()
    await expectGone(rendered)
    expect(
      repository.writes.map((write) =>
        write.kind === 'deleteMany' ? write.ids.length : write.kind,
      ),
    ).toEqual([500, 200, 'mark'])
  })

  it('a task stored elsewhere before the mark reached the server is deleted after it', async () => {
    const rendered = await openDeletion()
    const { repository, user, button } = rendered
    repository.holdWrites()
    await user.click(button('Delete account'))
    await waitFor(() => {
      expect(repository.writes).toHaveLength(1)
    })
    repository.acknowledgeHeld()
    await waitFor(() => {
      expect(repository.writes.at(-1)).toEqual({ kind: 'mark' })
    })
    repository.remotePut(storedTask('phone', false, 9, 'Added on the phone'))
    repository.acknowledgeWrites()
    repository.acknowledgeHeld()
    await expectGone(rendered)
    expect(
      repository.writes.map((write) => (write.kind === 'deleteMany' ? write.ids : write.kind)),
    ).toEqual([['a', 'b', 'c'], 'mark', ['phone']])
  })

  it('the connection lost after the last batch: the mark is taken back, the account stays', async () => {
    const rendered = await openDeletion()
    const { repository, store, button, dialog, user, fakeAuth } = rendered
    repository.holdWrites()
    await user.click(button('Delete account'))
    await waitFor(() => {
      expect(repository.writes).toHaveLength(1)
    })
    repository.acknowledgeHeld()
    await waitFor(() => {
      expect(repository.writes.at(-1)).toEqual({ kind: 'mark' })
    })
    store.dispatch(connectivityLost())
    await waitFor(() => {
      expect(dialog).toHaveTextContent(
        'Your tasks are deleted, but the connection was lost before your account was. Your account is still here: try again once you are back online.',
      )
    })
    expect(repository.writes.at(-1)).toEqual({ kind: 'unmark' })
    // The two reach the server in order once it is back: the account can save again.
    repository.acknowledgeHeld()
    expect(repository.isMarked(EMAIL)).toBe(false)
    expect(fakeAuth.calls.deleteAccount).toBe(0)
    expect(repository.serverTasks(EMAIL)).toEqual([])
    repository.acknowledgeWrites()
    store.dispatch(connectivityRestored())
    await user.click(button('Try again'))
    await expectGone(rendered)
  })

  it('no answer from the account call: it says so, keeps the mark, and Try again finishes', async () => {
    const rendered = await openDeletion()
    const { repository, button, dialog, user, fakeAuth } = rendered
    fakeAuth.deleteAccountFailsWith(authError('auth/network-request-failed'))
    await user.click(button('Delete account'))
    await waitFor(() => {
      expect(dialog).toHaveTextContent(
        'Your tasks are deleted. The connection was lost while your account was being deleted, so it may not be yet: try again once you are back online to finish.',
      )
    })
    expect(repository.isMarked(EMAIL)).toBe(true)
    expect(screen.getByText('Welcome, Ada Lovelace')).toBeInTheDocument()
    fakeAuth.deleteAccountFailsWith(null)
    await user.click(button('Try again'))
    await expectGone(rendered)
  })

  it('the account call went through and its answer was lost: Try again finds it gone', async () => {
    const rendered = await openDeletion()
    const { button, dialog, user, fakeAuth } = rendered
    fakeAuth.deleteAnswerLost()
    await user.click(button('Delete account'))
    await waitFor(() => {
      expect(dialog).toHaveTextContent('so it may not be yet: try again')
    })
    await user.click(button('Try again'))
    await expectGone(rendered)
    expect(fakeAuth.calls.deleteAccount).toBe(1)
  })

  it('the server refuses to delete the account: the mark is taken back, the account stays', async () => {
    const rendered = await openDeletion()
    const { repository, button, dialog, user, fakeAuth } = rendered
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    fakeAuth.deleteAccountFailsWith(authError('auth/too-many-requests'))
    await user.click(button('Delete account'))
    await waitFor(() => {
      expect(dialog).toHaveTextContent(
        'Your tasks are deleted, but your account could not be: it is still here. Try again.',
      )
    })
    await waitFor(() => {
      expect(repository.isMarked(EMAIL)).toBe(false)
    })
    expect(repository.writes.slice(-2)).toEqual([{ kind: 'mark' }, { kind: 'unmark' }])
    expect(screen.getByText('Welcome, Ada Lovelace')).toBeInTheDocument()
  })
})

describe('an account deleted on another device', () => {
  const DELETED_ELSEWHERE =
    'Your account was deleted on another device, so you are signed out here.'

  it('signs out once the account is marked and gone, keeping nothing of it', async () => {
    const { repository, fakeAuth } = await renderSignedIn(<App />, three)
    fakeAuth.deletedElsewhere(EMAIL)
    repository.remoteMark(EMAIL)
    await screen.findByRole('button', { name: 'Login now' })
    expect(screen.getByText(DELETED_ELSEWHERE)).toBeInTheDocument()
    expect(repository.devicesCleared).toBe(1)
    expect(sessionStorage.getItem('userEmail')).toBeNull()
    expect(localStorage.getItem('todo.lastUser')).toBeNull()
  })

  it('a mark while the account is still there (its deletion under way, or taken back) signs nobody out', async () => {
    const { repository, fakeAuth, user } = await renderSignedIn(<App />, three)
    repository.remoteMark(EMAIL)
    await waitFor(() => {
      expect(repository.isMarked(EMAIL)).toBe(true)
    })
    repository.remoteMark(EMAIL, false)
    await user.type(screen.getByRole('textbox', { name: 'New task' }), 'Still mine{Enter}')
    await waitFor(() => {
      expect(repository.serverTasks(EMAIL)).toHaveLength(4)
    })
    expect(screen.getByText('Welcome, Ada Lovelace')).toBeInTheDocument()
    expect(fakeAuth.calls.signOut).toBe(0)
  })

  it('says how many changes not sent were dropped: refused by the server, or still queued', async () => {
    const { repository, fakeAuth, user } = await renderSignedIn(<App />, three)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const input = screen.getByRole('textbox', { name: 'New task' })
    // Marked, not yet gone: the server refuses an add.
    repository.remoteMark(EMAIL)
    await user.type(input, 'Refused{Enter}')
    await screen.findByText(/Not saved: “Refused”/)
    // Another, queued while the connection is out.
    repository.holdWrites()
    await user.type(input, 'Queued{Enter}')
    fakeAuth.deletedElsewhere(EMAIL)
    repository.remoteMark(EMAIL)
    await screen.findByText(`${DELETED_ELSEWHERE} 2 changes not yet sent from here were dropped.`)
    expect(screen.getByRole('button', { name: 'Login now' })).toBeInTheDocument()
    expect(repository.serverTasks(EMAIL).map(({ task }) => task)).not.toContain('Refused')
  })
})
