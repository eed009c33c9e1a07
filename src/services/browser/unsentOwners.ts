import type { UnsentOwners } from '../types'

const KEY = 'todo.unsentOwners'

/**
 * Who signed out on this browser leaving changes the server has not received (kept in the
 * database client's queue for their next sign-in), in local storage. Storage that cannot be
 * used reads as "someone", so the device is never cleared over unsent changes.
 */
export function createUnsentOwners(
  storage: () => Storage = () => window.localStorage,
): UnsentOwners {
  const read = (): string[] | null => {
    try {
      const value: unknown = JSON.parse(storage().getItem(KEY) ?? '[]')
      return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []
    } catch {
      return null
    }
  }
  const write = (owners: string[]) => {
    try {
      if (owners.length === 0) storage().removeItem(KEY)
      else storage().setItem(KEY, JSON.stringify(owners))
    } catch {
      // Nothing more can be done: `others` then keeps the device as it is.
    }
  }
  return {
    add: (email) => {
      const owners = read() ?? []
      if (!owners.includes(email)) write([...owners, email])
    },
    remove: (email) => {
      const owners = read()
      if (owners?.includes(email)) write(owners.filter((owner) => owner !== email))
    },
    others: (email) => {
      const owners = read()
      return owners === null || owners.some((owner) => owner !== email)
    },
  }
}
