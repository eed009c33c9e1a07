import { createContext, useMemo, useRef, useState, type MouseEvent } from 'react'
import { useAppDispatch, useAppStore } from '../../../app/hooks'
import type { Task } from '../../../services/types'
import { clearFinished, deleteTask, toggleTask } from '../model/commands'
import { selectTaskById, tasksRestored } from '../model/tasksSlice'

/** What a row's buttons do; one object for the whole list, so rows never re-render for it. */
export interface RowActions {
  toggle(id: string, event: MouseEvent): void
  edit(id: string): void
  remove(id: string, event: MouseEvent): void
}

export const RowActionsContext = createContext<RowActions | null>(null)

/** What the last delete took, which Undo puts back; `count` tells one delete from the next. */
export interface Deleted {
  tasks: Task[]
  /** Finished tasks cleared together, rather than one task deleted. */
  cleared: boolean
  count: number
}

/**
 * Whether a click is the second (or third) of a series that began on another row: the first
 * moved its row away (done, incomplete, delete) and the next row slid under the pointer. The
 * browser counts clicks at one spot within the system's double-click time, taps too, so
 * `detail` says it; the keyboard's clicks have detail 0. The spec's ordering stays exact: only
 * the accidental click is dropped.
 */
function slidUnder(firstOfSeries: { current: string | null }, id: string, event: MouseEvent) {
  if (event.detail <= 1) firstOfSeries.current = id
  return event.detail > 1 && firstOfSeries.current !== id
}

/**
 * The list's row actions and the state they open: the task in the Edit dialog (kept here,
 * not in its row, so the dialog outlives a row that moves or goes) and the last delete.
 */
export function useRowActions() {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const [editing, setEditing] = useState<string | null>(null)
  const [deleted, setDeleted] = useState<Deleted | null>(null)
  const firstOfSeries = useRef<string | null>(null)
  // Never reset (an Undo clears `deleted`): each delete's bar is a new one.
  const deletes = useRef(0)

  // Stable for the list's lifetime: it reads the store when clicked, not when rendered.
  const actions = useMemo<RowActions>(
    () => ({
      toggle(id, event) {
        if (selectTaskById(store.getState(), id) === undefined) return
        if (!slidUnder(firstOfSeries, id, event)) dispatch(toggleTask(id))
      },
      edit(id) {
        setEditing(id)
      },
      remove(id, event) {
        if (selectTaskById(store.getState(), id) === undefined) return
        if (slidUnder(firstOfSeries, id, event)) return
        const task = dispatch(deleteTask(id))
        if (task) setDeleted({ tasks: [task], cleared: false, count: ++deletes.current })
      },
    }),
    [dispatch, store],
  )

  return {
    actions,
    editing,
    closeEditor: () => {
      setEditing(null)
    },
    deleted,
    /** Clear finished: every finished task goes at once, and one Undo brings them all back. */
    clearFinished: () => {
      const finished = dispatch(clearFinished())
      if (finished.length === 0) return
      setDeleted({ tasks: finished, cleared: true, count: ++deletes.current })
    },
    /** Undo: what the last delete took comes back as it was, and is written back. */
    undo: () => {
      if (deleted === null) return null
      dispatch(tasksRestored(deleted.tasks))
      setDeleted(null)
      return deleted.tasks[0]?.id ?? null
    },
    dismissUndo: () => {
      setDeleted(null)
    },
  }
}
