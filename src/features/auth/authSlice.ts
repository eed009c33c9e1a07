import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { RootState } from '../../app/store'
import type { AuthUser } from '../../services/appServices'

export type AuthStatus = 'unknown' | 'signedOut' | 'signedIn'

export interface AuthState {
  status: AuthStatus
  user: AuthUser | null
  /** A popup sign-in is under way; further clicks on 'Login now' wait for it. */
  signingIn: boolean
  /** The last sign-in's Auth error code, shown for a while. */
  signInError: string | null
  signingOut: boolean
  /** The device's last user did not sign out: Auth will likely confirm them. */
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
    /** Seen closed by watchPopup.ts, long before the SDK notices. */
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
    rememberedUserFound(state) {
      state.remembered = true
    },
    signOutRequested(state) {
      // The user is cleared when the Auth client reports the change.
      state.signingOut = true
    },
    signOutFailed(state) {
      state.signingOut = false
    },
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
  signOutFailed,
} = authSlice.actions

// Events for the tasks to react to; the auth state itself does not change.
/** Log Out, confirmed. `unsavedLeft`: changes not on the server stay here for the next sign-in. */
export const userSignedOut = createAction<{
  email: string
  unsavedLeft: boolean
  accountDeleted?: boolean
}>('auth/userSignedOut')
/**
 * Signed out here, the account closed on another device (`gone`: its deletion seen through):
 * `dropped` changes not sent went.
 */
export const accountDeletedElsewhere = createAction<{
  email: string
  dropped: number
  gone: boolean
}>('auth/accountDeletedElsewhere')

export const authReducer = authSlice.reducer
export const selectAuthStatus = (state: RootState): AuthStatus => state.auth.status
export const selectCurrentUser = (state: RootState): AuthUser | null => state.auth.user
/** Until Auth answers, signed out unless remembered: as it almost always turns out. */
export const selectShownAuthStatus = (state: RootState): AuthStatus =>
  state.auth.status === 'unknown' && !state.auth.remembered ? 'signedOut' : state.auth.status
export const selectSigningIn = (state: RootState): boolean => state.auth.signingIn
export const selectSignInError = (state: RootState): string | null => state.auth.signInError
export const selectSigningOut = (state: RootState): boolean => state.auth.signingOut
