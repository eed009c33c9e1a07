// Sign-in: who is signed in, the account widget, and the events other features react to.
export {
  accountDeletedElsewhere,
  authReducer,
  authStateChanged,
  selectAuthStatus,
  selectCurrentUser,
  selectShownAuthStatus,
  userSignedOut,
} from './authSlice'
export { addAuthListeners } from './listeners'
export { AccountWidget } from './AccountWidget'
export { RememberedOrNot, useFirstPaint } from './FirstPaint'
