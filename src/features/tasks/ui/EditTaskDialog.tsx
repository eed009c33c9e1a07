import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { MAX_TASK_LENGTH } from '../../../services/types'
import { editTask } from '../model/commands'
import { selectTaskById } from '../model/tasksSlice'
import { CutNotice, useLengthLimit } from './LengthLimit'
import { normalizeTaskText } from '../model/listState'
import { DueFields, useDueDraft } from './DueFields'
import { RepeatField, useRepeatDraft } from './RepeatField'

export const DELETED_ELSEWHERE = 'This task was deleted on another device.'

interface EditTaskDialogProps {
  text: string
  due?: string | null
  repeat?: string | null
  gone?: boolean
  /** `due` and `repeat` only when the person changed them (null: cleared, stopped). */
  onSave: (text: string, due?: string | null, repeat?: string | null) => void
  onClosed: () => void
}

/** Beside the list, not in the row: a refresh that moves or deletes the task keeps it open. */
export function TaskEditor({
  id,
  onClosed,
  onSaved,
}: {
  id: string
  onClosed: () => void
  onSaved?: () => void
}) {
  const task = useAppSelector((state) => selectTaskById(state, id))
  const dispatch = useAppDispatch()
  return (
    <EditTaskDialog
      text={task?.task ?? ''}
      due={task?.due ?? null}
      repeat={task?.repeat ?? null}
      gone={task === undefined}
      onSave={(text, due, repeat) => {
        dispatch(editTask(id, text, due, repeat))
        onSaved?.()
      }}
      onClosed={onClosed}
    />
  )
}

const oneParagraph = (text: string) => text.replace(/[\r\n]+/g, ' ')

export function EditTaskDialog({
  text,
  due = null,
  repeat = null,
  gone = false,
  onSave,
  onClosed,
}: EditTaskDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const inputId = useId()
  const messageId = useId()
  const closeRef = useRef<HTMLButtonElement>(null)
  const fieldRef = useRef<HTMLTextAreaElement>(null)
  const cutId = useId()
  const [draft, setDraft] = useState(text)
  const dueDraft = useDueDraft(due)
  const repeatDraft = useRepeatDraft(repeat)
  const normalized = normalizeTaskText(draft)
  const cut = useLengthLimit(fieldRef, draft, setDraft, oneParagraph)
  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  // The input goes with the task: focus goes to Close, which reads out why.
  useEffect(() => {
    if (gone) closeRef.current?.focus()
  }, [gone])
  const close = () => {
    dialogRef.current?.close()
  }
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (normalized === null || gone || repeatDraft.unread) return
    const changed = dueDraft.changed()
    const repeating = repeatDraft.changed()
    // A new repeat starts on its first day, unless the date was changed too; a date changed
    // alone keeps the repeat.
    const movedTo = changed === undefined ? repeating?.due : changed
    if (repeating !== undefined) onSave(normalized, movedTo, repeating.repeat)
    else if (changed === undefined) onSave(normalized)
    else onSave(normalized, changed)
    close()
  }
  return (
    <dialog
      ref={dialogRef}
      className="dialog edit-dialog"
      aria-labelledby={titleId}
      onClose={onClosed}
    >
      <form onSubmit={handleSubmit}>
        <h2 id={titleId}>Edit Task</h2>
        {gone ? (
          <p id={messageId}>{DELETED_ELSEWHERE}</p>
        ) : (
          <>
            <label htmlFor={inputId}>Task</label>
            <textarea
              ref={fieldRef}
              id={inputId}
              rows={1}
              autoComplete="off"
              maxLength={MAX_TASK_LENGTH}
              aria-describedby={cut ? cutId : undefined}
              dir="auto"
              value={draft}
              onChange={(event) => {
                setDraft(oneParagraph(event.target.value))
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
                event.preventDefault()
                event.currentTarget.form?.requestSubmit()
              }}
            />
            <CutNotice id={cutId} shown={cut} />
            <DueFields draft={dueDraft} />
            <RepeatField draft={repeatDraft} />
          </>
        )}
        <div className="dialog-actions">
          <button
            ref={closeRef}
            type="button"
            aria-describedby={gone ? messageId : undefined}
            onClick={close}
          >
            Close
          </button>
          {!gone && (
            <button
              type="submit"
              className="primary"
              disabled={normalized === null || repeatDraft.unread}
            >
              Save changes
            </button>
          )}
        </div>
      </form>
    </dialog>
  )
}
