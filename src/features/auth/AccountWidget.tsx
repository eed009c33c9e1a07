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

/** The header's account widget: sign in, or who is signed in and the way out. */
export function AccountWidget() {
  const status = useAppSelector(selectAuthStatus)
  const user = useAppSelector(selectCurrentUser)
  const dispatch = useAppDispatch()

  if (status === 'unknown') {
    return (
      <p className="account-status" role="status">
        Checking sign-in…
      </p>
    )
  }

  if (status === 'signedOut' || !user) {
    // Distinct keys: React must not reuse the focused 'Login now' button as 'Log Out'.
    return (
      <div key="signedOut" className="account-widget">
        <p>Plese login to save tasks</p>
        <button
          type="button"
          className="primary"
          onClick={() => {
            dispatch(signInRequested())
          }}
        >
          Login now
        </button>
      </div>
    )
  }

  return (
    <div key="signedIn" className="account-widget">
      <p>Welcome, {user.displayName ?? user.email}</p>
      <button
        type="button"
        className="avatar-button"
        aria-label="Log Out"
        onClick={() => {
          dispatch(signOutRequested())
        }}
      >
        <ProfilePicture user={user} />
      </button>
    </div>
  )
}
