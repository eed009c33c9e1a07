import { createContext, useMemo, useRef, useState, type MouseEvent } from 'react'
import { useAppDispatch, useAppStore } from '../../../app/hooks'
import { deleteTask, toggleTask } from '../model/commands'
import { selectTaskById } from '../model/tasksSlice'

/** What a row's buttons do; one object for the whole list, so rows never re-render for it. */
export interface RowActions {
  toggle(id: string, event: MouseEvent): void
  edit(id: string): void
  remove(id: string, event: MouseEvent): void
}

export const RowActionsContext = createContext<RowActions | null>(null)

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
 * The list's row actions and the task in the Edit dialog (kept here, not in its row, so the
 * dialog outlives a row that moves or goes). A delete's Undo is the store's (features/undo).
 */
export function useRowActions() {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const [editing, setEditing] = useState<string | null>(null)
  const firstOfSeries = useRef<string | null>(null)

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
        if (!slidUnder(firstOfSeries, id, event)) dispatch(deleteTask(id))
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
  }
}
