import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AuthUser } from '../../../src/services/appServices'
import { ADA } from '../../support/fakeAuthService'
import { renderApp } from '../../support/render'
import { settle } from '../../support/settle'

const header = () => screen.getByRole('banner')
/** The widget's status line (the first of its live regions; a failed sign-in has another). */
const statusLine = () => within(header()).getAllByRole('status')[0]

async function signedInAs(user: AuthUser) {
  const rendered = renderApp()
  rendered.fakeAuth.emit(user)
  await settle()
  return rendered
}

describe('the account widget', () => {
  it('while the sign-in state is unknown, with nobody remembered (a first visit), already shows the signed-out page', async () => {
    const { fakeAuth } = renderApp()
    const line = statusLine()
    expect(line).toHaveTextContent('Plese login to save tasks')
    const login = within(header()).getByRole('button', { name: 'Login now' })
    expect(screen.getByText('No tasks have been added yet')).toBeInTheDocument()
    fakeAuth.emit(null)
    await settle()
    // Nothing changes once Auth answers: the same line and the same button.
    expect(statusLine()).toBe(line)
    expect(line).toHaveTextContent('Plese login to save tasks')
    expect(within(header()).getByRole('button', { name: 'Login now' })).toBe(login)
  })

  it('keeps one status line through every state: only its text changes', async () => {
    const { fakeAuth } = renderApp()
    const line = statusLine()
    fakeAuth.emit(null)
    await settle()
    expect(line).toHaveTextContent('Plese login to save tasks')
    fakeAuth.emit(ADA)
    await settle()
    expect(line).toHaveTextContent('Welcome, Ada Lovelace')
    expect(statusLine()).toBe(line)
  })

  it('after Login now, focus goes to the task input, never to the Log Out control', async () => {
    const { fakeAuth, user } = renderApp()
    fakeAuth.emit(null)
    await settle()
    await user.click(screen.getByRole('button', { name: 'Login now' }))
    await settle()
    expect(screen.getByRole('button', { name: 'Log Out' })).not.toHaveFocus()
    expect(screen.getByRole('textbox', { name: 'New task' })).toHaveFocus()
  })

  it('signed in shows a greeting with the displayName and the round picture titled "Log Out"', async () => {
    await signedInAs(ADA)
    expect(within(header()).getByText('Welcome, Ada Lovelace')).toBeInTheDocument()
    const logOut = within(header()).getByRole('button', { name: 'Log Out' })
    const picture = within(logOut).getByRole('img', { name: 'Ada Lovelace, profile' })
    expect(picture).toHaveAttribute('src', ADA.photoURL)
    expect(picture).toHaveAttribute('title', 'Log Out')
    expect(picture).toHaveClass('avatar')
  })

  it('Log Out says it is busy while it waits for changes on their way, and signs out after', async () => {
    const { user, fakeAuth, repository } = await signedInAs(ADA)
    repository.holdWrites()
    await user.type(screen.getByRole('textbox', { name: 'New task' }), 'Post the letter{Enter}')
    const logOut = screen.getByRole('button', { name: 'Log Out' })
    await user.click(logOut)
    expect(logOut).toHaveAttribute('aria-busy', 'true')
    expect(fakeAuth.calls.signOut).toBe(0)
    repository.acknowledgeHeld()
    await vi.waitFor(
      () => {
        expect(fakeAuth.calls.signOut).toBe(1)
      },
      { timeout: 10_000 },
    )
  })

  it('after Log Out, focus goes to Login now, which took its place, not to the page', async () => {
    const { user } = await signedInAs(ADA)
    await user.click(screen.getByRole('button', { name: 'Log Out' }))
    await settle()
    expect(within(header()).getByRole('button', { name: 'Login now' })).toHaveFocus()
  })

  it('a sign-out while focus is elsewhere leaves focus where it is', async () => {
    const { fakeAuth } = await signedInAs(ADA)
    const input = screen.getByRole('textbox', { name: 'New task' })
    input.focus()
    // Auth reports the sign-out by itself (another tab, an expired session).
    fakeAuth.emit(null)
    await settle()
    expect(within(header()).getByRole('button', { name: 'Login now' })).not.toHaveFocus()
    expect(input).toHaveFocus()
  })

  it('the Log Out control works from the keyboard', async () => {
    const { user, fakeAuth } = await signedInAs(ADA)
    screen.getByRole('button', { name: 'Log Out' }).focus()
    await user.keyboard('{Enter}')
    expect(fakeAuth.calls.signOut).toBe(1)
  })

  it('with no photoURL shows round initials, still titled "Log Out"', async () => {
    await signedInAs({ ...ADA, photoURL: null })
    const logOut = screen.getByRole('button', { name: 'Log Out' })
    expect(within(logOut).queryByRole('img')).not.toBeInTheDocument()
    expect(screen.getByTitle('Log Out')).toHaveAttribute('data-initials', 'AL')
  })

  it('with a broken picture falls back to the initials', async () => {
    await signedInAs(ADA)
    fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace, profile' }))
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    expect(screen.getByTitle('Log Out')).toHaveAttribute('data-initials', 'AL')
  })

  it('with no displayName greets by e-mail', async () => {
    await signedInAs({ displayName: null, email: 'ada@example.com', photoURL: null })
    expect(within(header()).getByText('Welcome, ada@example.com')).toBeInTheDocument()
    expect(screen.getByTitle('Log Out')).toHaveAttribute('data-initials', 'AE')
  })
})
