import { useAppDispatch } from '../../app/hooks'
import { AccountDialog, closeDialogOf } from './AccountDialog'
import { importConfirmed } from './clicks'
import { skippedCount, type ImportPreview } from './formats/preview'
import type { ImportFormat, ImportProblem } from './formats/types'
import {
  importProblem,
  importSource,
  NOTHING_ADDED,
  skippedReasons,
  skippedTitle,
  tasks,
  toAdd,
} from './words'

/** A file read: what it would add, or why it cannot be imported. */
export type ImportReading =
  | { name: string; ok: true; format: ImportFormat; preview: ImportPreview }
  | { name: string; ok: false; problem: ImportProblem }

/** Import tasks: what the chosen file would add, and what it leaves out and why, to confirm. */
export function ImportDialog({
  reading,
  onClosed,
}: {
  reading: ImportReading
  onClosed: () => void
}) {
  const dispatch = useAppDispatch()
  const close = (button: HTMLElement) => {
    closeDialogOf(button)
  }
  if (!reading.ok) {
    return (
      <AccountDialog title="Import tasks" onClosed={onClosed}>
        <p role="alert">
          {importProblem(reading.name, reading.problem)} {NOTHING_ADDED}
        </p>
        <div className="dialog-actions">
          <button
            type="button"
            className="primary"
            onClick={(event) => {
              close(event.currentTarget)
            }}
          >
            Close
          </button>
        </div>
      </AccountDialog>
    )
  }
  const { preview } = reading
  const adding = preview.tasks.length
  return (
    <AccountDialog title="Import tasks" onClosed={onClosed}>
      <p>{importSource(reading.name, reading.format)}</p>
      <p>{toAdd(preview)}</p>
      {skippedCount(preview) > 0 && (
        <>
          <p>{skippedTitle(preview)}</p>
          <ul>
            {skippedReasons(preview).map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      )}
      {adding > 0 && (
        <p className="account-note">
          Open tasks go after your open tasks, finished ones after your finished ones.
        </p>
      )}
      <div className="dialog-actions">
        <button
          type="button"
          onClick={(event) => {
            close(event.currentTarget)
          }}
        >
          {adding > 0 ? 'Cancel' : 'Close'}
        </button>
        {adding > 0 && (
          <button
            type="button"
            className="primary"
            onClick={(event) => {
              dispatch(importConfirmed(preview.tasks))
              close(event.currentTarget)
            }}
          >
            Add {tasks(adding)}
          </button>
        )}
      </div>
    </AccountDialog>
  )
}
