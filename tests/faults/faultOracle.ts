import type { OutboxEntry } from '../../src/services/outbox/coalesce'
import { TASK_FIELDS, type Task, type TaskField } from '../../src/services/types'

/**
 * What the server must hold after the scenario, from what each device did. A field's value is
 * the one last set by any device, unless the other device still had its own change of that
 * field on its way then (not yet acknowledged): that one may arrive later and win, as the
 * later write does. Those are the conflicts; either value is right. A task deleted anywhere
 * is gone; every other task someone added is there.
 */
export function createOracle() {
  const tasks = new Map<
    string,
    { deleted: boolean; accepted: Map<TaskField, Set<unknown>>; lastBy: Map<TaskField, string> }
  >()
  let conflicts = 0

  /** The other device's own pending value of `field` of task `id`, if it has one. */
  const pendingValue = (entries: readonly OutboxEntry[], id: string, field: TaskField) => {
    const entry = entries.find((candidate) => candidate.id === id && !candidate.acknowledged)
    if (entry === undefined || entry.kind === 'delete') return undefined
    const fields = entry.kind === 'update' ? entry.fields : (entry.fields ?? [])
    return fields.includes(field) ? { value: entry.task[field] } : undefined
  }

  return {
    /** `device` changed `fields` of `after`; `otherPending` is the other device's outbox now. */
    set(device: string, after: Task, fields: readonly TaskField[], otherPending: OutboxEntry[]) {
      let known = tasks.get(after.id)
      if (!known) {
        known = { deleted: false, accepted: new Map(), lastBy: new Map() }
        tasks.set(after.id, known)
      }
      for (const field of fields) {
        const accepted = new Set<unknown>([after[field]])
        const other = pendingValue(otherPending, after.id, field)
        if (other !== undefined && other.value !== after[field]) {
          accepted.add(other.value)
          conflicts++
        }
        known.accepted.set(field, accepted)
        known.lastBy.set(field, device)
      }
    },
    deleted(id: string) {
      const known = tasks.get(id)
      if (known) known.deleted = true
    },
    /** The changes the server does not show: fields, deletions and additions. */
    lost(server: Record<string, Record<string, unknown>>): string[] {
      const problems: string[] = []
      for (const [id, known] of tasks) {
        const stored = server[id]
        if (known.deleted) {
          if (stored) problems.push(`${id}: deleted, but on the server`)
          continue
        }
        if (!stored) {
          problems.push(`${id}: missing on the server`)
          continue
        }
        for (const field of TASK_FIELDS) {
          const accepted = known.accepted.get(field)
          if (accepted && !accepted.has(stored[field])) {
            const by = known.lastBy.get(field) ?? '?'
            problems.push(`${id}.${field}: ${String(stored[field])}, not ${by}'s change`)
          }
        }
      }
      for (const id of Object.keys(server)) {
        if (!tasks.has(id)) problems.push(`${id}: on the server, but nobody added it`)
      }
      return problems
    },
    conflicts: () => conflicts,
  }
}
