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
}

const initialState: AuthState = { status: 'unknown', user: null, signingIn: false }

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    authStateChanged(state, action: PayloadAction<AuthUser | null>) {
      const user = action.payload
      state.status = user ? 'signedIn' : 'signedOut'
      state.user = user && {
        displayName: user.displayName,
        email: user.email,
        photoURL: user.photoURL,
      }
    },
    signInRequested(state) {
      if (state.status !== 'signedIn') state.signingIn = true
    },
    signInSettled(state) {
      state.signingIn = false
    },
    signOutRequested() {
      // The user is cleared when the Auth client reports the change.
    },
  },
})

export const { authStateChanged, signInRequested, signInSettled, signOutRequested } =
  authSlice.actions

// Events for other features to react to (the tasks); the auth state itself does not change.
/** The person signed out on purpose (Log Out), and Auth confirmed it. */
export const userSignedOut = createAction<{ email: string }>('auth/userSignedOut')
/** Log Out failed: the person is still signed in. */
export const signOutFailed = createAction<{ email: string }>('auth/signOutFailed')

export default authSlice

export const selectAuthStatus = (state: RootState): AuthStatus => state.auth.status
export const selectCurrentUser = (state: RootState): AuthUser | null => state.auth.user
