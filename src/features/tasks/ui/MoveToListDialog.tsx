import { use, useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { moveTaskToList } from '../model/commands'
import { selectTaskById } from '../model/tasksSlice'
import { ListChoicesContext } from './list/listChoices'

/**
 * Where a task goes: the person's lists as radio buttons (arrows choose, as in any radio group),
 * the task's own checked; Move, or Close (Escape) to leave it where it is.
 */
export function MoveToListDialog({
  id,
  onClosed,
}: {
  id: string
  /** Closed; `moved` when the task went to another list. */
  onClosed: (moved: boolean) => void
}) {
  const dispatch = useAppDispatch()
  const task = useAppSelector((state) => selectTaskById(state, id))
  const choices = use(ListChoicesContext)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const moved = useRef(false)
  const titleId = useId()
  const [chosen, setChosen] = useState<string | null>(task?.list ?? null)
  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  // The list chosen can be deleted on another device while the dialog is open: then none is
  // checked and Move waits for another choice, or the task would go to a list that is gone.
  const movable = task !== undefined && chosen !== task.list && choices.some((c) => c.id === chosen)
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!movable) return
    moved.current = dispatch(moveTaskToList(id, chosen))
    dialogRef.current?.close()
  }
  return (
    <dialog
      ref={dialogRef}
      className="dialog move-dialog"
      aria-labelledby={titleId}
      onClose={() => {
        onClosed(moved.current)
      }}
    >
      <form onSubmit={handleSubmit}>
        <h2 id={titleId}>Move to list</h2>
        <fieldset>
          <legend>{task?.task ?? ''}</legend>
          {choices.map(({ id: list, name }) => (
            <label key={list ?? ''} className="move-choice">
              <input
                type="radio"
                name="list"
                checked={chosen === list}
                onChange={() => {
                  setChosen(list)
                }}
              />
              {name}
            </label>
          ))}
        </fieldset>
        <div className="dialog-actions">
          <button
            type="button"
            onClick={() => {
              dialogRef.current?.close()
            }}
          >
            Close
          </button>
          <button type="submit" className="primary" disabled={!movable}>
            Move
          </button>
        </div>
      </form>
    </dialog>
  )
}
