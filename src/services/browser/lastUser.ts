import type { ListCache } from '../types'

const LAST_USER_KEY = 'todo.lastUser'

/**
 * The device's last signed-in user, in local storage: read synchronously at start-up, before
 * Firebase Auth has loaded. Storage that cannot be used (disabled, full) means no early list,
 * never an error.
 */
export function createLastUserStore(
  storage: () => Storage = () => window.localStorage,
): Pick<ListCache, 'lastUser' | 'setLastUser'> {
  return {
    lastUser: () => {
      try {
        return storage().getItem(LAST_USER_KEY)
      } catch {
        return null
      }
    },
    setLastUser: (email) => {
      try {
        if (email === null) storage().removeItem(LAST_USER_KEY)
        else storage().setItem(LAST_USER_KEY, email)
      } catch {
        // Only the early list on the next visit is lost.
      }
    },
  }
}
