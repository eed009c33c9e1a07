import { useEffect, useId, useRef } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import type { ListEntry } from '../../services/types'
import { deleteList, tasksOfList } from './commands'
import { hashIn } from './place'
import { LIST_WORDS } from './words'

/**
 * Asks before a list goes, saying how many tasks go with it; Undo brings them back for a few
 * seconds after. Cancel (Escape) leaves everything as it was.
 */
export function DeleteListDialog({ list, onClosed }: { list: ListEntry; onClosed: () => void }) {
  const dispatch = useAppDispatch()
  const count = useAppSelector((state) => tasksOfList(state, list.id).length)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const textId = useId()
  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClosed}
    >
      <h2 id={titleId}>{LIST_WORDS.deleteTitle}</h2>
      <p id={textId}>{LIST_WORDS.deleteQuestion(list.name, count)}</p>
      <div className="dialog-actions">
        <button
          type="button"
          onClick={() => {
            dialogRef.current?.close()
          }}
        >
          {LIST_WORDS.cancel}
        </button>
        <button
          type="button"
          className="list-delete"
          onClick={() => {
            // The list, and this dialog with it, go in this click: closed here, not on its event.
            dialogRef.current?.close()
            onClosed()
            if (dispatch(deleteList(list.id))) location.hash = hashIn(null, '#/')
            document.getElementById('new-task')?.focus()
          }}
        >
          {LIST_WORDS.deleteList}
        </button>
      </div>
    </dialog>
  )
}
