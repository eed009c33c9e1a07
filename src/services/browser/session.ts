import type { SessionStore } from '../types'

const USER_EMAIL_KEY = 'userEmail'

/** The spec's session storage: the signed-in user's e-mail under `userEmail`. */
export function createBrowserSessionStore(storage: Storage = window.sessionStorage): SessionStore {
  return {
    getUserEmail: () => storage.getItem(USER_EMAIL_KEY),
    setUserEmail: (email) => {
      storage.setItem(USER_EMAIL_KEY, email)
    },
    removeUserEmail: () => {
      storage.removeItem(USER_EMAIL_KEY)
    },
  }
}
