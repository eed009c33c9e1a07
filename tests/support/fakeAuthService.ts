import type { AuthService, AuthUser } from '../../src/services/appServices'

/** An error as the Auth SDK rejects with: its `code` says why. */
export const authError = (code: string) => Object.assign(new Error(`Auth: ${code}`), { code })

export const ADA: AuthUser = {
  displayName: 'Ada Lovelace',
  email: 'ada@example.com',
  photoURL: 'https://example.com/ada.png',
}

/**
 * An AuthService whose sign-in state the test drives: `emit` plays the Auth client
 * reporting a change; the popup succeeds as `nextUser`, fails, or waits for the test.
 */
export function createFakeAuthService() {
  const listeners = new Set<(user: AuthUser | null) => void>()
  let currentUser: AuthUser | null = null
  let popup:
    { kind: 'succeed'; user: AuthUser } | { kind: 'fail'; error: Error } | { kind: 'hang' } = {
    kind: 'succeed',
    user: ADA,
  }
  let pendingPopup: { complete: () => void; fail: (error: Error) => void } | null = null
  let signOutError: Error | null = null
  // The account of whoever is signed in: how recent their sign-in is, and whether it is deleted.
  let recent = true
  let reauthentication: { kind: 'succeed' } | { kind: 'fail'; error: Error } = { kind: 'succeed' }
  let deleteError: Error | null = null
  let answerLost = false
  const deleted: string[] = []
  // Accounts the server no longer knows (deleted here or on another device).
  const gone = new Set<string>()
  const calls = { signInWithPopup: 0, signOut: 0, reauthenticate: 0, deleteAccount: 0 }

  const emit = (user: AuthUser | null) => {
    currentUser = user
    for (const listener of listeners) listener(user)
  }

  const auth: AuthService = {
    signInWithPopup: () => {
      calls.signInWithPopup++
      const outcome = popup
      switch (outcome.kind) {
        case 'succeed':
          emit(outcome.user)
          return Promise.resolve(outcome.user)
        case 'fail':
          return Promise.reject(outcome.error)
        case 'hang':
          // As the SDK does: the popup is a window of its own.
          window.open('', 'firebaseAuthPopup', 'width=500,height=600')
          return new Promise<AuthUser>((resolve, reject) => {
            pendingPopup = {
              complete: () => {
                emit(ADA)
                resolve(ADA)
              },
              fail: reject,
            }
          })
      }
    },
    signOut: () => {
      calls.signOut++
      if (signOutError) return Promise.reject(signOutError)
      emit(null)
      return Promise.resolve()
    },
    onAuthStateChanged: (callback) => {
      listeners.add(callback)
      return () => listeners.delete(callback)
    },
    hasCurrentUser: () => currentUser !== null,
    signedInRecently: () => Promise.resolve(recent),
    reauthenticate: () => {
      calls.reauthenticate++
      if (reauthentication.kind === 'fail') return Promise.reject(reauthentication.error)
      recent = true
      return Promise.resolve()
    },
    deleteAccount: () => {
      calls.deleteAccount++
      const email = currentUser?.email ?? ''
      // As the adapter: an account the server no longer knows is deleted already.
      if (!gone.has(email)) {
        if (!recent) return Promise.reject(authError('auth/requires-recent-login'))
        if (deleteError) return Promise.reject(deleteError)
        deleted.push(email)
        gone.add(email)
        if (answerLost) {
          answerLost = false
          return Promise.reject(authError('auth/network-request-failed'))
        }
      }
      emit(null)
      return Promise.resolve()
    },
    accountGone: () => Promise.resolve(currentUser !== null && gone.has(currentUser.email ?? '')),
  }

  return {
    auth,
    calls,
    emit,
    /** The signed-in user's e-mail, or null. */
    currentEmail: () => currentUser?.email ?? null,
    popupSucceedsAs(user: AuthUser) {
      popup = { kind: 'succeed', user }
    },
    popupFailsWith(error: Error) {
      popup = { kind: 'fail', error }
    },
    popupWaits() {
      popup = { kind: 'hang' }
    },
    /** Completes a popup left open by `popupWaits`. */
    completePopup() {
      pendingPopup?.complete()
      pendingPopup = null
    },
    /** Fails a popup left open by `popupWaits` (as the SDK does ~10 s after it was closed). */
    failPopup(error: Error) {
      pendingPopup?.fail(error)
      pendingPopup = null
    },
    /** Sign-out fails with `error` from now on; null makes it succeed again. */
    signOutFailsWith(error: Error | null) {
      signOutError = error
    },
    subscriberCount: () => listeners.size,
    /** The signed-in user's sign-in is old (true) or recent: Delete account then asks again. */
    signInIsOld(old = true) {
      recent = !old
    },
    reauthenticationFailsWith(error: Error) {
      reauthentication = { kind: 'fail', error }
    },
    /** Deleting the account fails with `error` from now on; null makes it succeed again. */
    deleteAccountFailsWith(error: Error | null) {
      deleteError = error
    },
    /** The next deletion goes through, and its answer is lost on the way (a network error). */
    deleteAnswerLost() {
      answerLost = true
    },
    /** The account of `email` is deleted on another device: the server no longer knows it. */
    deletedElsewhere(email: string) {
      gone.add(email)
    },
    /** The e-mails of the accounts deleted here. */
    deleted,
  }
}
