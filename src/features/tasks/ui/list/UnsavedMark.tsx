import type { MouseEvent } from 'react'
import { useAppDispatch, useAppSelector } from '../../../../app/hooks'
import { discardChanges, retryChanges } from '../../model/commands'
import { refusalReason, selectUnsaved } from '../../saving/unsaved'
import { selectAccountClosing } from '../../saving/syncSlice'
import { rowControl } from './rowControls'

/** Before the mark's button goes. */
function focusToggle(event: MouseEvent<HTMLButtonElement>) {
  const row = event.currentTarget.closest('li')
  if (row) rowControl(row, 'toggle')?.focus()
}

/** Lasts until the person chooses, or reloads: nothing is undone behind their back. */
export function UnsavedMark({ id, describedBy }: { id: string; describedBy: string }) {
  const unsaved = useAppSelector((state) => selectUnsaved(state, id))
  const closing = useAppSelector(selectAccountClosing)
  const dispatch = useAppDispatch()
  if (unsaved === undefined) return null
  return (
    <p className="task-unsaved">
      <span>{`Not saved: ${refusalReason(unsaved.kind, unsaved.code, closing)}.`}</span>
      <span className="task-unsaved-actions">
        <button
          type="button"
          aria-describedby={describedBy}
          onClick={(event) => {
            focusToggle(event)
            dispatch(retryChanges([id]))
          }}
        >
          Retry
        </button>
        <button
          type="button"
          aria-describedby={describedBy}
          onClick={(event) => {
            focusToggle(event)
            dispatch(discardChanges([id]))
          }}
        >
          Discard
        </button>
      </span>
    </p>
  )
}
