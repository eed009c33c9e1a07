import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../../src/app/App'
import { connectivityLost, connectivityRestored } from '../../../src/app/actions'
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

  it('deletes every task in batches, then the account; signed out, nothing of theirs stays', async () => {
    const rendered = await openDeletion(many)
    await rendered.user.click(rendered.button('Delete account'))
    await expectGone(rendered)
    expect(
      rendered.repository.writes.map((write) => write.kind === 'deleteMany' && write.ids.length),
    ).toEqual([500, 500, 200])
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
})
