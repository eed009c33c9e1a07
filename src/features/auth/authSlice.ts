import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { RootState } from '../../app/store'
import type { AuthUser } from '../../services/types'

export type AuthStatus = 'unknown' | 'signedOut' | 'signedIn'

export interface AuthState {
  /** `unknown` until the Auth client has said whether a session was restored. */
  status: AuthStatus
  user: AuthUser | null
  /** A popup sign-in is under way; further clicks on 'Login now' wait for it. */
  signingIn: boolean
  /** Why the last sign-in failed (the Auth error code), shown for a while; null when not. */
  signInError: string | null
  /** Log Out was pressed: the user's last writes are given a moment to reach the server. */
  signingOut: boolean
  /** Someone signed in on this device last time and did not sign out: Auth will likely confirm. */
  remembered: boolean
}

const initialState: AuthState = {
  status: 'unknown',
  user: null,
  signingIn: false,
  signInError: null,
  signingOut: false,
  remembered: false,
}

/** Log Out failed: the person is still signed in. */
export const signOutFailed = createAction('auth/signOutFailed')

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    authStateChanged(state, action: PayloadAction<AuthUser | null>) {
      const user = action.payload
      state.status = user ? 'signedIn' : 'signedOut'
      if (!user) state.signingOut = false
      state.user = user && {
        displayName: user.displayName,
        email: user.email,
        photoURL: user.photoURL,
      }
    },
    signInRequested(state) {
      if (state.status === 'signedIn') return
      state.signingIn = true
      state.signInError = null
    },
    signInSettled(state) {
      state.signingIn = false
    },
    /** The popup was seen closed: Login now works again at once (the SDK notices only seconds later). */
    signInPopupClosed(state) {
      state.signingIn = false
    },
    signInFailed(state, action: PayloadAction<{ code: string }>) {
      state.signingIn = false
      state.signInError = action.payload.code
    },
    signInErrorShown(state) {
      state.signInError = null
    },
    /** The device's last user, who did not sign out: "Checking sign-in…" until Auth answers. */
    rememberedUserFound(state) {
      state.remembered = true
    },
    signOutRequested(state) {
      // The user is cleared when the Auth client reports the change.
      state.signingOut = true
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signOutFailed, (state) => {
      state.signingOut = false
    })
  },
})

export const {
  authStateChanged,
  signInRequested,
  signInSettled,
  signInPopupClosed,
  signInFailed,
  signInErrorShown,
  rememberedUserFound,
  signOutRequested,
} = authSlice.actions

// Events for other features to react to (the tasks); the auth state itself does not change.
/**
 * The person signed out on purpose (Log Out), and Auth confirmed it. `unsavedLeft`: some of
 * their changes had not reached the server, and stay on this device for their next sign-in.
 * `accountDeleted`: they deleted their account here, and no change of theirs stays.
 */
export const userSignedOut = createAction<{
  email: string
  unsavedLeft: boolean
  accountDeleted?: boolean
}>('auth/userSignedOut')
/**
 * The account was deleted on another device: this one has signed it out, and dropped its
 * `dropped` changes not sent (refused by the server, or still queued).
 */
export const accountDeletedElsewhere = createAction<{ email: string; dropped: number }>(
  'auth/accountDeletedElsewhere',
)

export const authReducer = authSlice.reducer

export const selectAuthStatus = (state: RootState): AuthStatus => state.auth.status
export const selectCurrentUser = (state: RootState): AuthUser | null => state.auth.user

/**
 * What the page shows of sign-in. Until Auth has answered, a device with no remembered user (a
 * first-time visitor, or after a sign-out) is shown signed out, as it almost always turns out:
 * the prerendered first paint says what it will go on saying. A remembered user sees
 * "Checking sign-in…" until Auth answers.
 */
export const selectShownAuthStatus = (state: RootState): AuthStatus =>
  state.auth.status === 'unknown' && !state.auth.remembered ? 'signedOut' : state.auth.status
export const selectSigningIn = (state: RootState): boolean => state.auth.signingIn
export const selectSignInError = (state: RootState): string | null => state.auth.signInError
export const selectSigningOut = (state: RootState): boolean => state.auth.signingOut
