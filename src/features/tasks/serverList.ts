import type { appStarted } from '../../app/actions'
import type { AppListenerEffect } from '../../app/listenerMiddleware'
import { applyToServerAnswer } from './merge'

export type AnyListenerApi = Parameters<AppListenerEffect<typeof appStarted>>[1]

/**
 * The server's list for `email` with this device's changes applied over it. The changes after
 * the query are read when no click is being recorded, so the list dispatched right after it
 * has every change the person made. Two reads of the outbox, whatever the list's length.
 */
export async function serverList(api: AnyListenerApi, email: string) {
  const { tasks, outbox } = api.extra
  const before = await api.pause(outbox.changes(email))
  const loaded = await api.pause(tasks.load(email))
  const after = await api.pause(outbox.settledChanges(email))
  // Adds tried whose answer was lost, and which the server holds: what is left of them are
  // updates (the merge reads them so already).
  if (after.some((entry) => entry.kind === 'add' && entry.attempted && !entry.acknowledged)) {
    await api.pause(outbox.onServer(email, new Set(loaded.map((task) => task.id))))
  }
  const quiet = before.length === 0 && after.length === 0
  return { tasks: applyToServerAnswer(loaded, before, after), answer: loaded, quiet }
}
