import { original } from '@reduxjs/toolkit'
import { CHANGEABLE_FIELDS, isDue, isRepeat } from '../../../services/taskDocument'
import { MAX_TASK_LENGTH } from '../../../services/types'
import type { Task, TaskUpdate } from '../../../services/types'
import {
  idsWithout,
  taskIn,
  withPlaced,
  type Placement,
  withChanges,
  type TaskList,
} from './ordering'
import { EMPTY_TABLE, tableWith, type TaskTable } from './taskTable'
import { without, type Unsaved } from '../saving/unsaved'

export interface TasksState {
  ids: string[]
  table: TaskTable
  /** `cached`: only an empty answer from the cache, which is not yet an empty list. */
  status: 'idle' | 'loading' | 'cached' | 'loaded' | 'failed'
  late: boolean
  owner: string | null
  unsaved: Record<string, Unsaved>
  refusals: number
}

export const initialState: TasksState = {
  ids: [],
  table: EMPTY_TABLE,
  status: 'idle',
  late: false,
  owner: null,
  unsaved: {},
  refusals: 0,
}

// At 5,000 tasks, Immer drafting the table costs more than a frame: reducers read `original`.
export const base = (state: TasksState): TasksState => original<TasksState>(state)

/** Frozen as Immer leaves one: Immer then skips its walk over every task. */
export const frozen = (list: TasksState): TasksState => {
  Object.freeze(list.ids)
  return Object.freeze(list)
}

export const withTask = (list: TasksState, task: Task) =>
  frozen(withPlaced(list, Object.freeze(task)))

export function move(state: TasksState, { id, order, rank }: Placed, isFinished?: boolean) {
  const list = base(state)
  const task = taskIn(list, id)
  if (task === undefined) return list
  // A null rank leaves the stored one, as on the server.
  return withTask(list, {
    ...task,
    isFinished: isFinished ?? task.isFinished,
    order,
    rank: rank ?? task.rank,
  })
}

export type Placed = Placement & { id: string }

/** Moved to list `list` (null: My tasks), placed there as `Placed` says. */
export function movedToList(
  state: TasksState,
  { list, ...placed }: Placed & { list: string | null },
) {
  const moved = move(state, placed)
  const task = taskIn(moved, placed.id)
  return task === undefined || task.list === list ? moved : withTask(moved, { ...task, list })
}

/** The list with those of `tasks` that are its owner's and not in it yet, each in its place. */
export function withOwnNew(state: TasksState, tasks: readonly Task[]) {
  const list = base(state)
  const own = tasks.filter(({ id, email }) => email === list.owner && !taskIn(list, id))
  const changes = withChanges(list, own, new Set())
  return changes ? frozen({ ...list, ...changes }) : list
}

export interface TextSaved {
  id: string
  task: string
  due?: string | null
  repeat?: string | null
}
/** The due and repeat the edit saved: null clears one, and one left out (or not valid) stays. */
export const fieldsSaved = ({ due, repeat }: TextSaved) => ({
  ...((due === null || isDue(due)) && { due }),
  ...((repeat === null || isRepeat(repeat)) && { repeat }),
})

/** The task as the edit saved it; the list as it was when nothing changed (or no text is left). */
export function withSaved(state: TasksState, payload: TextSaved) {
  const list = base(state)
  const task = taskIn(list, payload.id)
  const text = normalizeTaskText(payload.task)
  if (task === undefined || text === null) return list
  const saved = { ...task, task: text, ...fieldsSaved(payload) }
  if (CHANGEABLE_FIELDS.every((field) => saved[field] === task[field])) return list
  return frozen({ ...list, table: tableWith(list.table, [saved]) })
}

/** A repeating task ticked (`due`: its next), or that tick undone (`due`: the one it had). */
export interface MovedOn {
  id: string
  due: string | null
  /** The due it had before. */
  was: string | null
}

/** The task of `id` due on `due`, in the place it had (a repeating task moving on). */
export function withDue(state: TasksState, { id, due }: { id: string; due: string | null }) {
  const list = base(state)
  const task = taskIn(list, id)
  if (task === undefined || task.due === due) return list
  return frozen({ ...list, table: tableWith(list.table, [{ ...task, due }]) })
}

export function removed(state: TasksState, ids: ReadonlySet<string>) {
  const list = base(state)
  const gone = new Set([...ids].filter((id) => taskIn(list, id)))
  if (gone.size === 0) return list
  const left = idsWithout(list, gone)
  const table = tableWith(list.table, [], gone)
  return frozen({ ...list, table, ids: left, unsaved: without(list.unsaved, ids) })
}

/** Skips this page's own newer clicks; keeps the server's word on refused changes, for Discard. */
export function applySnapshot(
  list: TaskList & { unsaved: Readonly<Record<string, Unsaved>> },
  updates: readonly TaskUpdate[],
) {
  const changed = new Map<string, Task>()
  const removed = new Set<string>()
  let unsaved: Record<string, Unsaved> | null = null
  for (const update of updates) {
    const id = update.kind === 'changed' ? update.task.id : update.id
    if (update.pendingHere) continue
    const entry = list.unsaved[id]
    if (entry !== undefined) {
      unsaved ??= { ...list.unsaved }
      unsaved[id] = { ...entry, server: update.kind === 'changed' ? update.task : 'removed' }
    } else if (update.kind === 'removed') {
      changed.delete(id)
      removed.add(id)
    } else {
      removed.delete(id)
      changed.set(id, update.task)
    }
  }
  return { ...withChanges(list, [...changed.values()], removed), ...(unsaved && { unsaved }) }
}

// Drawn as nothing though Unicode marks them visible: two fillers, U+2800 BRAILLE PATTERN BLANK,
// the interlinear annotation controls and U+FFFC (no width in Chromium); the last five are all
// Chromium drew with no ink in DejaVu of what the check let through (2026-11-28, on a canvas).
export const BLANK_LOOKING = '\\u{16FE4}\\u{1D159}\\u2800\\uFFF9-\\uFFFC'

// BLANK_LOOKING first: U+16FE4 is a mark, which would combine with a character before it.
// firestore.rules spells the same set as ranges (RE2 has no Default_Ignorable); a test checks.
const VISIBLE = new RegExp(
  `[^${BLANK_LOOKING}\\p{Cc}\\p{White_Space}\\p{Default_Ignorable_Code_Point}]`,
  'u',
)

/** Trimmed, one paragraph, within MAX_TASK_LENGTH and visible; else null. */
export function normalizeTaskText(raw: string): string | null {
  const text = raw.replace(/\s*[\r\n]+\s*/g, ' ').trim()
  if (text.length > MAX_TASK_LENGTH || !VISIBLE.test(text)) return null
  return text
}
