import type { LocalStore, OutboxEntry, Task, TaskField, TaskRepository } from '../types'

// One stored entry's way to the server: what it writes, and what becomes of it after.

/** What an entry writes: adds the whole task, updates only the fields changed here. */
const changesOf = (entry: OutboxEntry & { kind: 'update' }): Partial<Pick<Task, TaskField>> =>
  Object.fromEntries(entry.fields.map((field) => [field, entry.task[field]]))

/**
 * An entry once its document is known to be on the server: an add becomes an update of the
 * fields changed since it was sent (sent again as an add, after another device deleted the
 * task, it would bring the task back). Other entries stay as they are.
 */
export function landed(entry: OutboxEntry): OutboxEntry | null {
  if (entry.kind !== 'add' || entry.acknowledged) return entry
  const fields = entry.fields ?? []
  if (fields.length === 0) return null
  const { id, email, seq, attempted, task } = entry
  return { kind: 'update', task, fields, id, email, seq, attempted }
}

export const keyOf = (entry: OutboxEntry) => `${entry.id}@${String(entry.seq)}`

/** The steps of sending one entry, over the device's storage and the server. */
export function entrySteps(store: LocalStore, repository: TaskRepository) {
  /** `triedBefore`: an earlier attempt may have reached the server (only its answer was lost). */
  const send = (entry: OutboxEntry, triedBefore: boolean): Promise<void> => {
    switch (entry.kind) {
      case 'add':
        return triedBefore
          ? repository.addAgain(entry.task, entry.fields ?? [])
          : repository.add(entry.task)
      case 'update':
        return repository.update(entry.id, changesOf(entry))
      case 'delete':
        return repository.delete(entry.id)
    }
  }

  /**
   * The server took `sent`: if the entry was not changed since, it stays, marked acknowledged,
   * until the kept list is written (LocalStore.putList), so a reload in between still shows it.
   * Storage that does not survive a reload keeps no such marker.
   */
  const acknowledge = (sent: OutboxEntry) =>
    store.changeEntry(sent.id, (current) => {
      if (current?.seq === sent.seq)
        return store.durable ? { ...current, acknowledged: true } : null
      // Changed since: if an add went through, what is left to send is an update.
      return current && sent.kind === 'add' ? landed(current) : (current ?? null)
    })

  /** Removes the entry if it is still the one that was sent (not changed since). */
  const settle = (sent: OutboxEntry) =>
    store.changeEntry(sent.id, (current) => (current && current.seq !== sent.seq ? current : null))

  /**
   * Marks the document's entry as tried and returns it: the entry as it is now, which a write
   * recorded since `entry` was read may have changed (or removed: then nothing is sent). Sending
   * the older `entry` while the stored one says "never tried" would let a delete coalesce to
   * nothing while that add is on its way.
   */
  const markAttempted = async (entry: OutboxEntry) => {
    let marked: OutboxEntry | undefined
    let triedBefore = false
    await store.changeEntry(entry.id, (current) => {
      triedBefore = current?.attempted ?? false
      marked = current && { ...current, attempted: true }
      return marked ?? null
    })
    return { sent: marked, triedBefore }
  }

  return { send, acknowledge, settle, markAttempted }
}
