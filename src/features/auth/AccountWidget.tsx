import './account.css'
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import type { AuthUser } from '../../services/appServices'
import {
  selectCurrentUser,
  selectShownAuthStatus,
  selectSignInError,
  selectSigningIn,
  selectSigningOut,
  signInErrorShown,
  signInPopupClosed,
  signInRequested,
  signOutRequested,
} from './authSlice'
import { RememberedOrNot, useFirstPaint } from './FirstPaint'
import { watchNextPopup } from './watchPopup'

export const SIGN_IN_ERROR_MS = 10_000
const CHECKING = 'Checking sign-in…'
const SIGNED_OUT = 'Plese login to save tasks'

export function signInFailure(code: string): string {
  switch (code) {
    case 'auth/popup-blocked':
      return 'Sign-in failed: the browser blocked its window. Allow pop-ups here and try again.'
    case 'auth/network-request-failed':
      return 'Sign-in failed: the sign-in service cannot be reached. Try again when online.'
    default:
      return 'Sign-in failed. Please try again.'
  }
}

const initialsOf = (name: string) =>
  name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('')

function ProfilePicture({ user }: { user: AuthUser }) {
  const [broken, setBroken] = useState<string | null>(null)
  const name = user.displayName ?? user.email ?? ''
  if (user.photoURL && broken !== user.photoURL) {
    return (
      <img
        className="avatar"
        src={user.photoURL}
        alt={name ? `${name}, profile` : 'Profile'}
        title="Log Out"
        width={40}
        height={40}
        referrerPolicy="no-referrer"
        onError={() => {
          setBroken(user.photoURL)
        }}
      />
    )
  }
  // Drawn by CSS: as text they would join the visible label, which must be 'Log Out' (WCAG 2.5.3).
  return (
    <span
      className="avatar avatar-initials"
      title="Log Out"
      aria-hidden="true"
      data-initials={initialsOf(name) || '?'}
    />
  )
}

/** One status line through every state: a screen reader hears each change from a known region. */
export function AccountWidget({ settings }: { settings?: ReactNode }) {
  const status = useAppSelector(selectShownAuthStatus)
  const user = useAppSelector(selectCurrentUser)
  const signingIn = useAppSelector(selectSigningIn)
  const signingOut = useAppSelector(selectSigningOut)
  const errorCode = useAppSelector(selectSignInError)
  const dispatch = useAppDispatch()
  const signedIn = status === 'signedIn' && user !== null
  const failure = errorCode === null ? null : signInFailure(errorCode)
  const firstPaint = useFirstPaint()
  // Focus Log Out held (or the page dropped) goes to Login now in its place, not the page's start.
  const loginRef = useRef<HTMLButtonElement>(null)
  const wasSignedIn = useRef(signedIn)
  useLayoutEffect(() => {
    const signedOut = wasSignedIn.current && !signedIn
    wasSignedIn.current = signedIn
    const active = document.activeElement
    if (signedOut && (active === null || active === document.body)) loginRef.current?.focus()
  }, [signedIn])
  const stopWatching = useRef<(() => void) | null>(null)
  useEffect(() => {
    if (signingIn) return
    stopWatching.current?.()
    stopWatching.current = null
  }, [signingIn])
  useEffect(() => () => stopWatching.current?.(), [])
  useEffect(() => {
    if (errorCode === null) return
    const timer = setTimeout(() => dispatch(signInErrorShown()), SIGN_IN_ERROR_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [errorCode, dispatch])
  return (
    <div className="account-widget">
      <p role="status" className={status === 'unknown' ? 'account-status' : undefined}>
        {signedIn ? (
          `Welcome, ${user.displayName ?? user.email ?? ''}`
        ) : status === 'unknown' ? (
          CHECKING
        ) : firstPaint ? (
          <RememberedOrNot
            remembered={<span className="account-status">{CHECKING}</span>}
            forgotten={SIGNED_OUT}
          />
        ) : (
          SIGNED_OUT
        )}
      </p>
      {/* Distinct keys: React must not reuse the focused 'Login now' button as 'Log Out'. */}
      {signedIn && settings}
      {signedIn ? (
        <button
          key="signOut"
          type="button"
          className="avatar-button"
          aria-label="Log Out"
          aria-busy={signingOut}
          aria-disabled={signingOut}
          onClick={() => dispatch(signOutRequested())}
        >
          <ProfilePicture user={user} />
        </button>
      ) : status !== 'unknown' ? (
        <>
          <button
            key="signIn"
            ref={loginRef}
            type="button"
            className={firstPaint ? 'primary if-forgotten' : 'primary'}
            aria-busy={signingIn}
            aria-disabled={signingIn}
            onClick={() => {
              if (signingIn) return
              stopWatching.current?.()
              stopWatching.current = watchNextPopup(() => dispatch(signInPopupClosed()))
              dispatch(signInRequested())
            }}
          >
            Login now
          </button>
          <p className="sign-in-error" role="status">
            {failure}
          </p>
        </>
      ) : null}
    </div>
  )
}
