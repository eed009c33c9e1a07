import { createSelector } from '@reduxjs/toolkit'
import type { RootState } from '../../../app/store'
import type { Task, TaskChanges } from '../../../services/types'
import { CHANGEABLE_FIELDS } from '../../../services/taskDocument'
import { taskIn, withChanges, type TaskList } from '../model/ordering'

// Changes the server refused for good. The list keeps each as the person left it (spec §4)
// and says so, until the person retries it or discards it for the server's version, or
// reloads. Meanwhile the live query's word on the task is kept aside, for Discard.

/** What the server last said of a task: its version, removed, or nothing yet. */
export type ServerVersion = Task | 'removed' | null

export type ChangeKind = 'add' | 'update' | 'delete'

/** A refused change of one task. */
export interface Unsaved {
  kind: ChangeKind
  /** Firestore's code (`permission-denied`, `not-found`…, or `unknown`). */
  code: string
  /** The task's text, to name it. */
  text: string
  /** For a refused delete, the task as it was deleted: it is no longer in the list. */
  deleted: Task | null
  server: ServerVersion
  /** When it was refused, counted: the sync line names the latest. */
  seq: number
}

/** A refused write; `text` names the task, `code` is Firestore's. */
export interface TaskSaveFailure {
  id: string
  kind: ChangeKind
  text: string
  code: string
  /** A refused delete's task, as it was deleted. */
  deleted?: Task
}

/** A write a Retry sends again, as it will be sent. */
export type RetriedWrite =
  | { kind: 'add'; task: Task }
  | { kind: 'update'; id: string; changes: TaskChanges; text: string }
  | { kind: 'delete'; id: string; text: string; deleted: Task | null }

type ListWithUnsaved = TaskList & { readonly unsaved: Readonly<Record<string, Unsaved>> }

/** Why the server refused a change, in the person's words. */
export function refusalReason(kind: ChangeKind, code: string): string {
  if (code === 'not-found' && kind === 'update') return 'it was deleted on another device'
  if (code === 'permission-denied') return 'the server refused it'
  if (code === 'invalid-argument' || code === 'out-of-range') return 'the server did not accept it'
  if (code === 'resource-exhausted') return 'there is no room left to keep it'
  // A write the client itself could not record (its IndexedDB refused it): never the network,
  // which it waits out.
  if (code === 'unavailable') return 'this device has no room left to keep it'
  return `the server refused it (${code})`
}

/** A task's text short enough to name it in one line. */
export const named = (text: string) =>
  text === '' ? 'a task' : `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`

/**
 * `unsaved` with `failure` recorded, or null when there is nothing to keep: a refused delete
 * of a task shown again (Undo), an add or update of a task no longer shown (deleted since).
 * A task refused twice keeps its first kind: an add refused, then an edit, is still an add.
 */
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

/** `unsaved` without `ids`. */
export const without = (unsaved: Readonly<Record<string, Unsaved>>, ids: Iterable<string>) => {
  const left = { ...unsaved }
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- our own copy
  for (const id of ids) delete left[id]
  return left
}

/** Discard: each task of `ids` shows what the server last said of it. */
export function discarded(list: ListWithUnsaved, ids: readonly string[]) {
  const changed: Task[] = []
  const removed = new Set<string>()
  for (const id of ids) {
    const entry = list.unsaved[id]
    if (entry === undefined) continue
    // Without the server's word since: an add it never took, and an update it answered with
    // not-found, are of tasks it does not hold; a delete's task comes back as it was.
    const gone = entry.kind === 'add' || entry.code === 'not-found'
    const server = entry.server ?? (gone ? 'removed' : entry.deleted)
    if (server === 'removed') removed.add(id)
    else if (server !== null) changed.push(server)
  }
  return { ...withChanges(list, changed, removed), unsaved: without(list.unsaved, ids) }
}

/**
 * What Retry sends for the task of `id`: an add sent whole again (also an update of a task
 * since deleted elsewhere), an update with the fields the server does not hold yet, a delete.
 */
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

/** The refused change of the task `id`, if any: its row says so. */
export const selectUnsaved = (state: RootState, id: string): Unsaved | undefined =>
  Object.hasOwn(state.tasks.unsaved, id) ? state.tasks.unsaved[id] : undefined

const selectUnsavedTable = (state: RootState) => state.tasks.unsaved

const latestOf = (entries: readonly Unsaved[]) =>
  entries.reduce<Unsaved | undefined>(
    (last, entry) => (last && last.seq > entry.seq ? last : entry),
    undefined,
  )

/** Refused deletes: their rows have gone, so the line below the list offers Retry and Discard. */
export const selectUnsavedDeletes = createSelector([selectUnsavedTable], (unsaved) => {
  const ids = Object.keys(unsaved).filter((id) => unsaved[id]?.kind === 'delete')
  return { ids, latest: latestOf(ids.flatMap((id) => unsaved[id] ?? [])) }
})

/** Refused adds and updates, marked in their rows: how many, and the latest. */
export const selectUnsavedRows = createSelector([selectUnsavedTable], (unsaved) => {
  const entries = Object.values(unsaved).filter((entry) => entry.kind !== 'delete')
  return { count: entries.length, latest: latestOf(entries) }
})
