/** The fields of a task a person changes, and the fault scenario checks on the server. */
export type Field = 'task' | 'isFinished'
export const FIELDS: readonly Field[] = ['task', 'isFinished']
export type Values = Partial<Record<Field, unknown>>

/** One write the other device still has queued (not yet acknowledged), oldest first. */
export interface Pending {
  id: string
  deletes: boolean
  /** A whole document (an add, or Undo putting a task back): it can bring a task back. */
  creates: boolean
  values: Values
}

interface Known {
  /** Whether the task may be on the server at the end: either, when a write may still land. */
  presence: Set<'present' | 'absent'>
  accepted: Map<Field, Set<unknown>>
  lastBy: Map<Field, string>
  /** What each device did to it, in order, with the other's queued writes of it: the story. */
  story: string[]
}

const queuedWords = (pending: readonly Pending[]) =>
  pending.length === 0
    ? 'nothing queued elsewhere'
    : `queued elsewhere: ${pending
        .map((write) =>
          write.deletes
            ? 'delete'
            : `${write.creates ? 'set' : 'update'} ${JSON.stringify(write.values)}`,
        )
        .join(', ')}`

/**
 * What the server must hold after the scenario, from what each device did. A field's value is
 * the one last set by any device, unless the other device still had its own change of that
 * field queued then (not yet acknowledged): that one may arrive later and win, as the later
 * write does. Those are the conflicts; either value is right. A task deleted is gone, unless
 * the other device's queued write could bring it back (or Undo did); every other task someone
 * added is there.
 */
export function createOracle() {
  const tasks = new Map<string, Known>()
  let conflicts = 0
  const started = Date.now()
  const when = () => `${((Date.now() - started) / 1000).toFixed(1)} s`

  const known = (id: string): Known => {
    let entry = tasks.get(id)
    if (!entry) {
      entry = { presence: new Set(['present']), accepted: new Map(), lastBy: new Map(), story: [] }
      tasks.set(id, entry)
    }
    return entry
  }
  const pendingFor = (pending: readonly Pending[], id: string) =>
    pending.filter((write) => write.id === id)

  return {
    /**
     * `device` set `values` of task `id` (`creates`: the whole task, an add or an Undo);
     * `otherPending` is the other device's queue at that moment.
     */
    set(
      device: string,
      id: string,
      values: Values,
      otherPending: readonly Pending[],
      creates = false,
    ) {
      const entry = known(id)
      const others = pendingFor(otherPending, id)
      entry.story.push(
        `${when()}: ${device} ${creates ? 'creates' : 'sets'} ${JSON.stringify(values)}; ${queuedWords(others)}`,
      )
      if (creates) {
        entry.presence = new Set(['present'])
        if (others.some((write) => write.deletes)) entry.presence.add('absent')
      }
      for (const [field, value] of Object.entries(values) as [Field, unknown][]) {
        const accepted = new Set<unknown>([value])
        const other = others.findLast((write) => field in write.values)
        if (other !== undefined && other.values[field] !== value) {
          accepted.add(other.values[field])
          conflicts++
        }
        entry.accepted.set(field, accepted)
        entry.lastBy.set(field, device)
      }
    },
    deleted(id: string, otherPending: readonly Pending[], device = 'a device') {
      const entry = known(id)
      entry.story.push(`${when()}: ${device} deletes; ${queuedWords(pendingFor(otherPending, id))}`)
      entry.presence = new Set(['absent'])
      if (pendingFor(otherPending, id).some((write) => write.creates)) entry.presence.add('present')
    },
    /** The changes the server does not show: fields, deletions and additions. */
    lost(server: Record<string, Values>): string[] {
      const problems: string[] = []
      for (const [id, entry] of tasks) {
        const stored = server[id]
        if (!stored) {
          if (!entry.presence.has('absent')) problems.push(`${id}: missing on the server`)
          continue
        }
        if (!entry.presence.has('present')) {
          problems.push(`${id}: deleted, but on the server`)
          continue
        }
        for (const field of FIELDS) {
          const accepted = entry.accepted.get(field)
          if (accepted && !accepted.has(stored[field])) {
            const by = entry.lastBy.get(field) ?? '?'
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
    /** What happened to the task `id`, as the oracle heard it: to explain a loss. */
    story: (id: string): string[] => tasks.get(id)?.story ?? [],
  }
}
