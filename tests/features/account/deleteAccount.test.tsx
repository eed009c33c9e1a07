import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../../src/app/App'
import { connectivityLost, connectivityRestored } from '../../../src/app/hooks'
import { authError } from '../../support/fakeAuthService'
import type { RecordedWrite } from '../../support/fakeTaskRepository'
import { renderSignedIn } from '../../support/render'
import { CUT_GRACE_MS } from '../../../src/features/account/deletionSteps'
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

/** Three tasks: the deletion begun, its last step (deletes and closing) sent, then offline. */
async function lastStepSentThenCut() {
  const rendered = await openDeletion()
  const { repository, store, button, user } = rendered
  repository.holdWrites()
  await user.click(button('Delete account'))
  await waitFor(() => {
    expect(repository.writes).toHaveLength(1)
  })
  repository.acknowledgeHeld()
  await waitFor(() => {
    expect(repository.writes.map(stepOf)).toEqual(['begin', '3, closing'])
  })
  store.dispatch(connectivityLost())
  return rendered
}

/** Signed out, told the tasks went and the Auth account may still be there. */
async function expectSignedOutAccountLeft() {
  await screen.findByRole('button', { name: 'Login now' })
  expect(
    screen.getByText(
      'Your tasks were deleted and you are signed out. Your account may still be there: sign in again to finish deleting it.',
    ),
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

  it('deletes every task a step at a time, the last closing the account, then deletes it; signed out, nothing of theirs stays', async () => {
    const rendered = await openDeletion(many)
    await rendered.user.click(rendered.button('Delete account'))
    await expectGone(rendered)
    expect(rendered.repository.writes.map(stepOf)).toEqual(['begin', 499, 499, '202, closing'])
    expect(rendered.repository.standingOf(EMAIL)).toEqual({ kind: 'closed', here: true })
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

  it('on auth/requires-recent-login, the tasks gone and the account closed, the popup again finishes it', async () => {
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
    // The new sign-in is a new session: it closes the account again, with nothing left to delete.
    expect(rendered.repository.writes.map(stepOf)).toEqual([
      'begin',
      '3, closing',
      'begin',
      '0, closing',
    ])
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

  it('cut before the first step: nothing deleted, the deletion stopped on the server, Close sends nothing more', async () => {
    const rendered = await openDeletion(many.slice(0, 600))
    const { repository, store, button, dialog, user } = rendered
    repository.holdWrites()
    await user.click(button('Delete account'))
    await waitFor(() => {
      expect(repository.writes.map(stepOf)).toEqual(['begin'])
    })
    // The begin never reaches the server: it fails as the connection goes.
    repository.serverReachable = false
    store.dispatch(connectivityLost())
    repository.refuseHeld('unavailable')
    await waitFor(() => {
      expect(dialog).toHaveTextContent(
        'The connection was lost before anything was deleted. Your account and your tasks are still here: try again once you are back online.',
      )
    })
    // The stop that follows is refused as nothing to stop, once the server answers again.
    repository.serverReachable = true
    repository.acknowledgeWrites()
    await user.click(button('Close'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(repository.serverTasks(EMAIL)).toHaveLength(600)
    expect(repository.writes.map(stepOf)).toEqual(['begin', 'stop'])
    expect(repository.standingOf(EMAIL)).toEqual({ kind: 'open' })
    expect(rendered.fakeAuth.calls.deleteAccount).toBe(0)
  })

  it('cut after a step: says how many went; Close stops it on the server and nothing more goes', async () => {
    const rendered = await openDeletion(many.slice(0, 600))
    const { repository, store, button, dialog, user } = rendered
    repository.holdWrites()
    await user.click(button('Delete account'))
    await waitFor(() => {
      expect(dialog).toHaveTextContent('Deleting your tasks: 0 of 600…')
    })
    expect(button('Cancel')).toBeDisabled()
    // The begin and the first step land, the browser going offline as the step's answer comes.
    repository.acknowledgeHeld()
    await waitFor(() => {
      expect(repository.writes.map(stepOf)).toEqual(['begin', 499])
    })
    repository.serverReachable = false
    store.dispatch(connectivityLost())
    repository.acknowledgeHeld()
    await waitFor(() => {
      expect(dialog).toHaveTextContent(
        'The connection was lost after 499 of 600 tasks were deleted. Your account and the other tasks are still here: try again once you are back online.',
      )
    })
    // No step sent offline: the deletion's stop is owed.
    expect(repository.writes.map(stepOf)).toEqual(['begin', 499, 'stop'])
    expect(repository.serverTasks(EMAIL)).toHaveLength(101)
    // Close: nothing more is sent from here but the stop (the adapter sends it again once back:
    // firestoreTaskRepository.deletion.emulator.test.ts), and no delete was left queued.
    await user.click(button('Close'))
    repository.serverReachable = true
    repository.acknowledgeWrites()
    repository.acknowledgeHeld()
    expect(repository.writes.map(stepOf)).toEqual(['begin', 499, 'stop'])
    expect(repository.serverTasks(EMAIL)).toHaveLength(101)
    expect(rendered.fakeAuth.calls.deleteAccount).toBe(0)
  })

  it('a step whose answer is lost: says it may have gone, then the server’s count once back; Try again finishes', async () => {
    const rendered = await openDeletion(many.slice(0, 600))
    const { repository, store, button, dialog, user } = rendered
    repository.holdWrites()
    await user.click(button('Delete account'))
    await waitFor(() => {
      expect(repository.writes).toHaveLength(1)
    })
    repository.acknowledgeHeld()
    await waitFor(() => {
      expect(repository.writes.map(stepOf)).toEqual(['begin', 499])
    })
    // The step reaches the server; its answer never comes back (given CUT_GRACE_MS to come).
    store.dispatch(connectivityLost())
    await waitFor(
      () => {
        expect(dialog).toHaveTextContent(
          'The connection was lost while deleting your tasks: 0 of 600 tasks are deleted, and 499 more may be (this is checked once you are back online).',
        )
      },
      { timeout: CUT_GRACE_MS * 2 },
    )
    repository.acknowledgeHeld(1)
    repository.acknowledgeWrites()
    store.dispatch(connectivityRestored())
    await waitFor(() => {
      expect(dialog).toHaveTextContent(
        'The connection was lost after 499 of 600 tasks were deleted. Your account and the other tasks are still here',
      )
    })
    repository.acknowledgeHeld()
    await user.click(button('Try again'))
    await expectGone(rendered)
  })

  it('the last step lands and its answer is lost: once back, said as closed; Try again offline keeps the words; Try again finishes', async () => {
    const rendered = await lastStepSentThenCut()
    const { repository, store, button, dialog, user } = rendered
    const unsure =
      'The connection was lost while deleting your tasks: 0 of 3 tasks are deleted, and 3 more may be'
    await waitFor(
      () => {
        expect(dialog).toHaveTextContent(unsure)
      },
      { timeout: CUT_GRACE_MS * 2 },
    )
    // Tried again while still offline: the words stay. Then it lands; the page never hears.
    await user.click(button('Try again'))
    await waitFor(() => {
      expect(dialog).toHaveTextContent(unsure)
    })
    repository.acknowledgeHeld()
    repository.acknowledgeWrites()
    expect(screen.getByText('Welcome, Ada Lovelace')).toBeInTheDocument()
    store.dispatch(connectivityRestored())
    await waitFor(() => {
      expect(dialog).toHaveTextContent(
        'Your tasks are deleted. The connection was lost while your account was being deleted, so it may not be yet: try again once you are back online to finish.',
      )
    })
    await user.click(button('Try again'))
    await expectGone(rendered)
    // The stop sent when it was cut finds the account closed: nothing of it changes.
    expect(repository.writes.map(stepOf)).toEqual(['begin', '3, closing', 'stop'])
  })

  it('the last step lands and its answer is lost, then Close: signed out, saying the account may be left', async () => {
    const rendered = await lastStepSentThenCut()
    const { repository, store, button, dialog, user } = rendered
    await waitFor(
      () => {
        expect(dialog).toHaveTextContent('and 3 more may be')
      },
      { timeout: CUT_GRACE_MS * 2 },
    )
    repository.acknowledgeHeld()
    repository.acknowledgeWrites()
    store.dispatch(connectivityRestored())
    await user.click(button('Close'))
    await expectSignedOutAccountLeft()
  })

  it('no answer from the account call: it says so, the account stays closed, and Try again finishes', async () => {
    const rendered = await openDeletion()
    const { repository, button, dialog, user, fakeAuth } = rendered
    fakeAuth.deleteAccountFailsWith(authError('auth/network-request-failed'))
    await user.click(button('Delete account'))
    await waitFor(() => {
      expect(dialog).toHaveTextContent(
        'Your tasks are deleted. The connection was lost while your account was being deleted, so it may not be yet: try again once you are back online to finish.',
      )
    })
    expect(repository.standingOf(EMAIL).kind).toBe('closed')
    expect(screen.getByText('Welcome, Ada Lovelace')).toBeInTheDocument()
    fakeAuth.deleteAccountFailsWith(null)
    await user.click(button('Try again'))
    await expectGone(rendered)
    expect(repository.writes.map(stepOf)).toEqual(['begin', '3, closing'])
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

  it('the server refuses to delete the account: Try again calls it again; Close signs out, saying so', async () => {
    const rendered = await openDeletion()
    const { repository, button, dialog, user, fakeAuth } = rendered
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    fakeAuth.deleteAccountFailsWith(authError('auth/too-many-requests'))
    await user.click(button('Delete account'))
    const refused =
      'Your tasks are deleted, but your account could not be: it is still here. Try again.'
    await waitFor(() => {
      expect(dialog).toHaveTextContent(refused)
    })
    await user.click(button('Try again'))
    await waitFor(() => {
      expect(fakeAuth.calls.deleteAccount).toBe(2)
    })
    await waitFor(() => {
      expect(dialog).toHaveTextContent(refused)
    })
    // Only the Auth call again: the tasks went, the account is closed.
    expect(repository.writes.map(stepOf)).toEqual(['begin', '3, closing'])
    await user.click(button('Close'))
    await expectSignedOutAccountLeft()
  })
})

describe('an account deleted on another device', () => {
  const DELETED_ELSEWHERE =
    'Your account was deleted on another device, so you are signed out here.'
  const CLOSING =
    'Your account is being deleted on another device. Changes made here wait, and are saved if it stops.'

  it('signs out once the account is closed and gone, keeping nothing of it', async () => {
    const { repository, fakeAuth } = await renderSignedIn(<App />, three)
    fakeAuth.deletedElsewhere(EMAIL)
    repository.remoteClosed(EMAIL)
    await screen.findByRole('button', { name: 'Login now' })
    expect(screen.getByText(DELETED_ELSEWHERE)).toBeInTheDocument()
    expect(repository.devicesCleared).toBe(1)
    expect(sessionStorage.getItem('userEmail')).toBeNull()
    expect(localStorage.getItem('todo.lastUser')).toBeNull()
  })

  it('closed, its Auth account not (yet) gone: signs out all the same, saying it is being deleted', async () => {
    const { repository } = await renderSignedIn(<App />, three)
    repository.remoteClosed(EMAIL)
    // After a second's looks for the Auth account's deletion that follows the closing.
    await screen.findByRole('button', { name: 'Login now' }, { timeout: 5000 })
    expect(
      screen.getByText(
        'Your account is being deleted on another device, so you are signed out here.',
      ),
    ).toBeInTheDocument()
  })

  it('while its tasks are being deleted, changes wait with the reason; if it stops, they are saved', async () => {
    const { repository, fakeAuth, user } = await renderSignedIn(<App />, three)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    repository.remoteClosing(EMAIL)
    await screen.findByText(CLOSING)
    await user.type(screen.getByRole('textbox', { name: 'New task' }), 'Still mine{Enter}')
    await screen.findByText(/Not saved: your account is being deleted on another device/)
    expect(screen.queryByText(/the server refused it/)).not.toBeInTheDocument()
    repository.remoteClosing(EMAIL, false)
    await waitFor(() => {
      expect(repository.serverTasks(EMAIL).map(({ task }) => task)).toContain('Still mine')
    })
    expect(screen.queryByText(CLOSING)).not.toBeInTheDocument()
    expect(screen.getByText('Welcome, Ada Lovelace')).toBeInTheDocument()
    expect(fakeAuth.calls.signOut).toBe(0)
  })

  it('says how many changes not sent were dropped: refused while it closed, or still queued', async () => {
    const { repository, fakeAuth, user } = await renderSignedIn(<App />, three)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const input = screen.getByRole('textbox', { name: 'New task' })
    repository.remoteClosing(EMAIL)
    await user.type(input, 'Refused{Enter}')
    await screen.findByText(/Not saved: your account is being deleted/)
    // Another, queued while the connection is out.
    repository.holdWrites()
    await user.type(input, 'Queued{Enter}')
    fakeAuth.deletedElsewhere(EMAIL)
    repository.remoteClosed(EMAIL)
    await screen.findByText(`${DELETED_ELSEWHERE} 2 changes not yet sent from here were dropped.`)
    expect(screen.getByRole('button', { name: 'Login now' })).toBeInTheDocument()
    expect(repository.serverTasks(EMAIL).map(({ task }) => task)).not.toContain('Refused')
  })
})

/** A recorded write as the deletion's steps read: a step's size, `, closing` for the last. */
function stepOf(write: RecordedWrite): string | number {
  if (write.kind !== 'deleteStep') return write.kind
  return write.last ? `${String(write.ids.length)}, closing` : write.ids.length
}
