import type { AppThunk, RootState } from '../../app/store'
import { MAX_LISTS } from '../../services/taskDocument'
import { MAX_LIST_NAME_LENGTH, type ListEntry } from '../../services/types'
import { selectCurrentUser } from '../auth'
import { listDeleted, normalizeTaskText, rankBetween, selectAllTasks } from '../tasks'
import { listOfTask, selectKnownLists } from './listTasks'
import { ranksForMove } from './listPlaces'
import { listCreated, listMoved, listRenamed, MY_TASKS, selectLists } from './listsSlice'

// The lists' commands: what a click asks, made into the event its write follows.

/** A list's name as kept: one line, trimmed, something to see, at most 100; null if none. */
export function listNameOf(raw: string): string | null {
  const name = normalizeTaskText(raw)
  return name === null || name.length > MAX_LIST_NAME_LENGTH ? null : name
}

/** What two list names that match have in common: a person reads "work" as "Work". */
export const listNameKey = (name: string): string => name.toLowerCase()

/**
 * A list of this name is there already (My tasks too), whatever the case: names find lists ('#work'
 * in the one input, an import, our export read back), so no two share one. `except`: the one
 * being renamed.
 */
function nameTaken(state: RootState, name: string, except?: string): boolean {
  const key = listNameKey(name)
  return (
    key === listNameKey(MY_TASKS) ||
    selectLists(state).some((list) => list.id !== except && listNameKey(list.name) === key)
  )
}

/** 16 letters and digits: the tag that keeps two lists made in one slot apart (firestore.rules). */
function madeTag(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return [...bytes].map((byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('')
}

/**
 * A free slot of the person's 200, at random: two devices making a list offline rarely pick the
 * same one (and if they do, the second is refused and said, never merged). A slot a task still
 * names (moved there on a device that had not heard of the list's deletion) is taken last, or
 * the new list would start with that stray task in it.
 */
function freeSlot(taken: ReadonlySet<string>, named: ReadonlySet<string | null>): string | null {
  const free: string[] = []
  for (let slot = 1; slot <= MAX_LISTS; slot++)
    if (!taken.has(String(slot))) free.push(String(slot))
  const clean = free.filter((slot) => !named.has(slot))
  const from = clean.length > 0 ? clean : free
  return from[Math.floor(Math.random() * from.length)] ?? null
}

/** A key after `last`; one another client wrote that is no key ('' when read) counts as none. */
function rankAfter(last: string | undefined): string {
  try {
    return rankBetween(last === undefined || last === '' ? null : last, null)
  } catch {
    return rankBetween(null, null)
  }
}

export type CreateResult =
  { made: ListEntry } | { refused: 'name' | 'taken' | 'full' | 'signed-out' }

/** A new list at the end of the person's lists. */
export const createList =
  (raw: string): AppThunk<CreateResult> =>
  (dispatch, getState) => {
    if (!selectCurrentUser(getState())?.email) return { refused: 'signed-out' }
    const name = listNameOf(raw)
    if (name === null) return { refused: 'name' }
    if (nameTaken(getState(), name)) return { refused: 'taken' }
    const lists = selectLists(getState())
    const named = new Set(selectAllTasks(getState()).map((task) => task.list))
    const id = freeSlot(new Set(lists.map((list) => list.id)), named)
    if (id === null) return { refused: 'full' }
    const made: ListEntry = { id, name, rank: rankAfter(lists.at(-1)?.rank), made: madeTag() }
    dispatch(listCreated(made))
    return { made }
  }

export type RenameResult = 'renamed' | 'name' | 'taken'

/** A new name for list `id`; why not, when the name cannot be kept (nothing changes). */
export const renameList =
  (id: string, raw: string): AppThunk<RenameResult> =>
  (dispatch, getState) => {
    const name = listNameOf(raw)
    const list = selectLists(getState()).find((entry) => entry.id === id)
    if (name === null || list === undefined) return 'name'
    if (nameTaken(getState(), name, id)) return 'taken'
    if (name !== list.name) dispatch(listRenamed({ id, name }))
    return 'renamed'
  }

/**
 * List `id` goes to `to`, its index among the person's lists (My tasks, first, is none of them);
 * whether it moved.
 */
export const moveList =
  (id: string, to: number): AppThunk<boolean> =>
  (dispatch, getState) => {
    const ranks = ranksForMove(selectLists(getState()), id, to)
    if (ranks.length === 0) return false
    dispatch(listMoved({ id, ranks }))
    return true
  }

/** List `id` goes one place earlier (-1) or later (1); whether it moved. */
export const moveListBy =
  (id: string, step: -1 | 1): AppThunk<boolean> =>
  (dispatch, getState) => {
    const at = selectLists(getState()).findIndex((list) => list.id === id)
    return at >= 0 && dispatch(moveList(id, at + step))
  }

/** The tasks list `id` holds now: what its deletion would take with it. */
export const tasksOfList = (state: RootState, id: string) => {
  const known = selectKnownLists(state)
  return selectAllTasks(state).filter((task) => listOfTask(task, known) === id)
}

/** List `id` and every task in it go (its Undo brings them back). Whether it went. */
export const deleteList =
  (id: string): AppThunk<boolean> =>
  (dispatch, getState) => {
    const state = getState()
    const email = selectCurrentUser(state)?.email
    const list = selectLists(state).find((entry) => entry.id === id)
    if (!email || list === undefined) return false
    dispatch(listDeleted({ list, tasks: tasksOfList(state, id), email }))
    return true
  }
