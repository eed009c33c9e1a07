/** The spec's console message for each kind of failed write (logged by the outbox). */
export const FAILURE_MESSAGES = {
  add: 'Error adding document',
  update: 'Error updating document',
  delete: 'Error deleting document',
} as const

/** Logged when the list cannot be loaded (the person sees "cannot be reached"). */
export const LOAD_FAILURE_MESSAGE = 'Error loading tasks'
