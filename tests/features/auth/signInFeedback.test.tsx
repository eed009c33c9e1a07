import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SIGN_IN_ERROR_MS } from '../../../src/features/auth/AccountWidget'
import { renderApp } from '../../support/render'
import { settle } from '../../support/settle'

const header = () => screen.getByRole('banner')
const loginNow = () => within(header()).getByRole('button', { name: 'Login now' })

/** A stand-in for the popup window the Auth SDK opens with window.open. */
function popupWindow() {
  const popup = { closed: false }
  const open = vi.fn(() => popup as unknown as Window)
  vi.stubGlobal('open', open)
  return { popup, open }
}

async function signedOutApp() {
  const rendered = renderApp()
  rendered.fakeAuth.emit(null)
  await settle()
  return rendered
}

afterEach(() => {
  vi.useRealTimers()
})

describe('Login now while the popup is open', () => {
  it('is busy (aria-busy, disabled look, still focusable), and a second click opens nothing', async () => {
    const { user, fakeAuth } = await signedOutApp()
    const { open } = popupWindow()
    fakeAuth.popupWaits()
    await user.click(loginNow())
    expect(loginNow()).toHaveAttribute('aria-busy', 'true')
    expect(loginNow()).toHaveAttribute('aria-disabled', 'true')
    expect(loginNow()).toHaveFocus()
    await user.click(loginNow())
    expect(fakeAuth.calls.signInWithPopup).toBe(1)
    expect(open).toHaveBeenCalledTimes(1)

    fakeAuth.completePopup()
    await settle()
    expect(within(header()).getByText('Welcome, Ada Lovelace')).toBeInTheDocument()
  })

  it('works again once the popup is seen closed, long before the SDK gives up', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, fakeAuth } = await signedOutApp()
    const { popup } = popupWindow()
    fakeAuth.popupWaits()
    await user.click(loginNow())
    expect(loginNow()).toHaveAttribute('aria-busy', 'true')

    popup.closed = true
    await waitFor(() => {
      expect(loginNow()).toHaveAttribute('aria-busy', 'false')
    })
    expect(loginNow()).toHaveAttribute('aria-disabled', 'false')

    // A new attempt supersedes the old one, which the SDK later reports closed by the person:
    // the spec's console message, and nothing shown.
    fakeAuth.popupSucceedsAs({ displayName: 'Grace', email: 'grace@example.com', photoURL: null })
    const closed = Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' })
    fakeAuth.failPopup(closed)
    await settle()
    expect(consoleError).toHaveBeenCalledExactlyOnceWith('Error during sign-in:', closed)
    expect(within(header()).getAllByRole('status')[1]).toBeEmptyDOMElement()
    await user.click(loginNow())
    expect(within(header()).getByText('Welcome, Grace')).toBeInTheDocument()
  })

  it('works again when this window has focus back (a popup that gave no handle)', async () => {
    const { user, fakeAuth } = await signedOutApp()
    vi.stubGlobal('open', () => null)
    fakeAuth.popupWaits()
    await user.click(loginNow())
    expect(loginNow()).toHaveAttribute('aria-busy', 'true')
    act(() => {
      window.dispatchEvent(new FocusEvent('focus'))
    })
    expect(loginNow()).toHaveAttribute('aria-busy', 'false')
  })
})

describe('a failed sign-in', () => {
  it.each([
    [
      'auth/popup-blocked',
      'Sign-in failed: the browser blocked its window. Allow pop-ups here and try again.',
    ],
    [
      'auth/network-request-failed',
      'Sign-in failed: the sign-in service cannot be reached. Try again when online.',
    ],
    ['auth/internal-error', 'Sign-in failed. Please try again.'],
  ])(
    '(%s) says so beside the button for a while; the console has the spec’s message',
    async (code, words) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const { fakeAuth, store } = await signedOutApp()
      const error = Object.assign(new Error(code), { code })
      fakeAuth.popupFailsWith(error)
      vi.useFakeTimers()
      act(() => {
        loginNow().click()
      })
      await act(() => vi.advanceTimersByTimeAsync(0))
      expect(consoleError).toHaveBeenCalledExactlyOnceWith('Error during sign-in:', error)
      const message = within(header()).getAllByRole('status')[1]
      expect(message).toHaveTextContent(words)
      expect(loginNow()).toHaveAttribute('aria-busy', 'false')

      await act(() => vi.advanceTimersByTimeAsync(SIGN_IN_ERROR_MS))
      expect(message).toBeEmptyDOMElement()
      expect(store.getState().auth.signInError).toBeNull()
    },
  )

  it('is no longer mentioned once Login now is pressed again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { fakeAuth, user } = await signedOutApp()
    fakeAuth.popupFailsWith(Object.assign(new Error('x'), { code: 'auth/popup-blocked' }))
    await user.click(loginNow())
    expect(within(header()).getAllByRole('status')[1]).toHaveTextContent('blocked')
    fakeAuth.popupWaits()
    vi.stubGlobal('open', () => null)
    await user.click(loginNow())
    expect(within(header()).getAllByRole('status')[1]).toBeEmptyDOMElement()
  })
})
