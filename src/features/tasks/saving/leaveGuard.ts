import type { TaskRepository } from '../../../services/types'

/**
 * While a change shown on screen is held in the page's memory only (the SDK has not put it on
 * the device's disk yet: a few milliseconds, or with no disk until the server has it), closing
 * or leaving the page asks first, with the browser's own dialog, as Google Docs does. Never
 * once everything is safe on the device, offline included.
 */
export function guardLeaving(
  tasks: Pick<TaskRepository, 'changesOnlyInMemory'>,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const beforeUnload = (event: BeforeUnloadEvent) => {
    if (tasks.changesOnlyInMemory()) event.preventDefault()
  }
  target.addEventListener('beforeunload', beforeUnload)
  return () => {
    target.removeEventListener('beforeunload', beforeUnload)
  }
}
