import type { PayloadAction } from '@reduxjs/toolkit'
import { createSlice } from '../../app/slice'
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

export default authSlice

export const selectAuthStatus = (state: RootState): AuthStatus => state.auth.status
export const selectCurrentUser = (state: RootState): AuthUser | null => state.auth.user
