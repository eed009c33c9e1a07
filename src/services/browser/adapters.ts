import type { Logger, SessionStore, LastUserStore } from '../appServices'

/** The product's console messages, exactly as the spec words them. */
export const consoleLogger: Logger = {
  error: (message, err) => {
    console.error(message, err)
  },
  info: (message) => {
    console.log(message)
  },
  warn: (message, err) => {
    if (err === undefined) console.warn(message)
    else console.warn(message, err)
  },
}

const USER_EMAIL_KEY = 'userEmail'

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

/** Also read by index.html's head script before the first paint (vite/plugins/rememberedMark.ts). */
export const LAST_USER_KEY = 'todo.lastUser'

/** Read synchronously before Auth loads; unusable storage only means a "signed out" first paint. */
export function createLastUserStore(
  storage: () => Storage = () => window.localStorage,
): LastUserStore {
  return {
    get: () => {
      try {
        return storage().getItem(LAST_USER_KEY)
      } catch {
        return null
      }
    },
    set: (email) => {
      try {
        if (email === null) storage().removeItem(LAST_USER_KEY)
        else storage().setItem(LAST_USER_KEY, email)
      } catch {
        // Only the next visit's first paint is affected.
      }
    },
  }
}
