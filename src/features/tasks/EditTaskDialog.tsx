import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { MAX_TASK_LENGTH } from '../../services/types'
import { normalizeTaskText } from './taskText'

interface EditTaskDialogProps {
  text: string
  /** Called with the trimmed new text when Save changes is pressed. */
  onSave: (text: string) => void
  /** Called once the dialog has closed, however it was closed. */
  onClosed: () => void
}

/** The 'Edit Task' dialog. The draft lives here until Save changes; Close drops it. */
export function EditTaskDialog({ text, onSave, onClosed }: EditTaskDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const inputId = useId()
  const [draft, setDraft] = useState(text)
  const normalized = normalizeTaskText(draft)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  const close = () => {
    dialogRef.current?.close()
  }

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (normalized === null) return
    onSave(normalized)
    close()
  }

  return (
    <dialog ref={dialogRef} className="edit-dialog" aria-labelledby={titleId} onClose={onClosed}>
      <form onSubmit={handleSubmit}>
        <h2 id={titleId}>Edit Task</h2>
        <label htmlFor={inputId}>Task</label>
        <input
          id={inputId}
          type="text"
          autoComplete="off"
          maxLength={MAX_TASK_LENGTH}
          dir="auto"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value)
          }}
        />
        <div className="dialog-actions">
          <button type="button" onClick={close}>
            Close
          </button>
          <button type="submit" className="primary" disabled={normalized === null}>
            Save changes
          </button>
        </div>
      </form>
    </dialog>
  )
}
