import { createSelector } from '@reduxjs/toolkit'
import type { RootState } from '../../../app/store'
import { ACCOUNT_CLOSING, type Task, type TaskChanges } from '../../../services/types'
import { CHANGEABLE_FIELDS } from '../../../services/taskDocument'
import { taskIn, withChanges, type TaskList } from '../model/ordering'

// Changes the server refused for good, kept as the person left them (spec §4) until Retry,
// Discard or a reload; the server's word on each is kept aside, for Discard.

export type ServerVersion = Task | 'removed' | null
export type ChangeKind = 'add' | 'update' | 'delete'

export interface Unsaved {
  kind: ChangeKind
  code: string
  text: string
  /** A refused delete's task: it is no longer in the list. */
  deleted: Task | null
  server: ServerVersion
  /** The sync line names the latest. */
  seq: number
}

export interface TaskSaveFailure {
  id: string
  kind: ChangeKind
  text: string
  code: string
  deleted?: Task
}

export type RetriedWrite =
  | { kind: 'add'; task: Task }
  | { kind: 'update'; id: string; changes: TaskChanges; text: string }
  | { kind: 'delete'; id: string; text: string; deleted: Task | null }

type ListWithUnsaved = TaskList & { readonly unsaved: Readonly<Record<string, Unsaved>> }

/**
 * Why the server refused a change. `closing`: the account is being deleted elsewhere, which
 * explains a refusal the adapter could not tell apart yet (it came before the news of it).
 */
export function refusalReason(kind: ChangeKind, code: string, closing = false): string {
  if (code === ACCOUNT_CLOSING || (closing && code === 'permission-denied'))
    return 'your account is being deleted on another device'
  if (code === 'not-found' && kind === 'update') return 'it was deleted on another device'
  if (code === 'permission-denied') return 'the server refused it'
  if (code === 'invalid-argument' || code === 'out-of-range') return 'the server did not accept it'
  if (code === 'resource-exhausted') return 'there is no room left to keep it'
  // The client's own IndexedDB refused it: never the network, which it waits out.
  if (code === 'unavailable') return 'this device has no room left to keep it'
  return `the server refused it (${code})`
}

export const named = (text: string) =>
  text === '' ? 'a task' : `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`

/** Null for a delete of a task shown again (Undo) or a change of one gone; first kind kept. */
export function withRefusal(list: ListWithUnsaved, failure: TaskSaveFailure, seq: number) {
  const shown = taskIn(list, failure.id) !== undefined
  if (shown === (failure.kind === 'delete')) return null
  const before = list.unsaved[failure.id]
  const entry: Unsaved = {
    kind: before?.kind ?? failure.kind,
    code: failure.code,
    text: failure.text,
    deleted: failure.deleted ?? before?.deleted ?? null,
    server: before?.server ?? null,
    seq,
  }
  return { ...list.unsaved, [failure.id]: entry }
}

export const without = (unsaved: Readonly<Record<string, Unsaved>>, ids: Iterable<string>) => {
  const left = { ...unsaved }
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- our own copy
  for (const id of ids) delete left[id]
  return left
}

export function discarded(list: ListWithUnsaved, ids: readonly string[]) {
  const changed: Task[] = []
  const removed = new Set<string>()
  for (const id of ids) {
    const entry = list.unsaved[id]
    if (entry === undefined) continue
    // No word since: an add, or a not-found update, is of a task the server does not hold.
    const gone = entry.kind === 'add' || entry.code === 'not-found'
    const server = entry.server ?? (gone ? 'removed' : entry.deleted)
    if (server === 'removed') removed.add(id)
    else if (server !== null) changed.push(server)
  }
  return { ...withChanges(list, changed, removed), unsaved: without(list.unsaved, ids) }
}

/** An update sends the fields the server does not hold; one of a task since removed, an add. */
export function retriedWrite(list: ListWithUnsaved, id: string): RetriedWrite | null {
  const entry = list.unsaved[id]
  if (entry === undefined) return null
  if (entry.kind === 'delete')
    return { kind: 'delete', id, text: entry.text, deleted: entry.deleted }
  const task = taskIn(list, id)
  if (task === undefined) return null
  const { server } = entry
  if (entry.kind === 'add' || server === 'removed') return { kind: 'add', task }
  const changes: TaskChanges = {}
  for (const field of CHANGEABLE_FIELDS) {
    if (server?.[field] !== task[field]) Object.assign(changes, { [field]: task[field] })
  }
  return { kind: 'update', id, changes, text: task.task }
}

export const selectUnsaved = (state: RootState, id: string): Unsaved | undefined =>
  Object.hasOwn(state.tasks.unsaved, id) ? state.tasks.unsaved[id] : undefined

const selectUnsavedTable = (state: RootState) => state.tasks.unsaved
const latestOf = (entries: readonly Unsaved[]) =>
  entries.reduce<Unsaved | undefined>(
    (last, entry) => (last && last.seq > entry.seq ? last : entry),
    undefined,
  )

/** Refused deletes: their rows have gone, so a line below the list offers Retry and Discard. */
export const selectUnsavedDeletes = createSelector([selectUnsavedTable], (unsaved) => {
  const ids = Object.keys(unsaved).filter((id) => unsaved[id]?.kind === 'delete')
  return { ids, latest: latestOf(ids.flatMap((id) => unsaved[id] ?? [])) }
})

export const selectUnsavedRows = createSelector([selectUnsavedTable], (unsaved) => {
  const entries = Object.values(unsaved).filter((entry) => entry.kind !== 'delete')
  return { count: entries.length, latest: latestOf(entries) }
})
