import { useState } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import type { AuthUser } from '../../services/types'
import { selectAuthStatus, selectCurrentUser, signInRequested, signOutRequested } from './authSlice'

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
  // The initials are drawn by CSS from data-initials: as text they would become part of the
  // control's visible label, which must match its name, 'Log Out' (WCAG 2.5.3).
  return (
    <span
      className="avatar avatar-initials"
      title="Log Out"
      aria-hidden="true"
      data-initials={initialsOf(name) || '?'}
    />
  )
}

/**
 * The header's account widget: sign in, or who is signed in and the way out. One status line
 * stays in place through every state, only its text changes: a screen reader hears each change
 * from the live region it already knows, and the line painted first (prerendered into
 * index.html) is not replaced by a new one when sign-in is known.
 */
export function AccountWidget() {
  const status = useAppSelector(selectAuthStatus)
  const user = useAppSelector(selectCurrentUser)
  const dispatch = useAppDispatch()
  const signedIn = status === 'signedIn' && user !== null

  return (
    <div className="account-widget">
      <p role="status" className={status === 'unknown' ? 'account-status' : undefined}>
        {signedIn
          ? `Welcome, ${user.displayName ?? user.email ?? ''}`
          : status === 'unknown'
            ? 'Checking sign-in…'
            : 'Plese login to save tasks'}
      </p>
      {/* Distinct keys: React must not reuse the focused 'Login now' button as 'Log Out'. */}
      {signedIn ? (
        <button
          key="signOut"
          type="button"
          className="avatar-button"
          aria-label="Log Out"
          onClick={() => {
            dispatch(signOutRequested())
          }}
        >
          <ProfilePicture user={user} />
        </button>
      ) : status !== 'unknown' ? (
        <button
          key="signIn"
          type="button"
          className="primary"
          onClick={() => {
            dispatch(signInRequested())
          }}
        >
          Login now
        </button>
      ) : null}
    </div>
  )
}
