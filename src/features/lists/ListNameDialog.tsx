import { useEffect, useId, useRef, useState } from 'react'
import { useAppDispatch } from '../../app/hooks'
import { MAX_LIST_NAME_LENGTH } from '../../services/types'
import { createList, renameList } from './commands'
import { hashIn } from './place'
import { LIST_WORDS } from './words'

/** `typed`: what was typed after New list was pressed, before its dialog had come. */
export type Naming = { kind: 'new'; typed?: string } | { kind: 'rename'; id: string; name: string }

/**
 * A list's name, typed in a dialog: a new list's (shown once made), or a new name for one. A
 * name with nothing to see is refused and said; Cancel (Escape) leaves everything as it was.
 */
export function ListNameDialog({ naming, onClosed }: { naming: Naming; onClosed: () => void }) {
  const dispatch = useAppDispatch()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const fieldId = useId()
  const problemId = useId()
  const [draft, setDraft] = useState(naming.kind === 'rename' ? naming.name : (naming.typed ?? ''))
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  const close = () => {
    dialogRef.current?.close()
  }
  const refused = (why: 'name' | 'taken' | 'full' | 'signed-out') => {
    setProblem(
      why === 'taken'
        ? LIST_WORDS.taken(draft.trim())
        : why === 'full'
          ? LIST_WORDS.full
          : LIST_WORDS.badName,
    )
  }
  const submit = () => {
    if (naming.kind === 'rename') {
      const renamed = dispatch(renameList(naming.id, draft))
      if (renamed === 'renamed') close()
      else refused(renamed)
      return
    }
    const result = dispatch(createList(draft))
    if ('made' in result) {
      close()
      location.hash = hashIn(result.made.id, '#/')
      document.getElementById('new-task')?.focus()
    } else refused(result.refused)
  }
  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId} onClose={onClosed}>
      <form
        className="list-form"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <h2 id={titleId}>{naming.kind === 'new' ? LIST_WORDS.newList : LIST_WORDS.rename}</h2>
        <label htmlFor={fieldId}>
          {naming.kind === 'new' ? LIST_WORDS.newName : LIST_WORDS.renameLabel}
        </label>
        <input
          id={fieldId}
          autoComplete="off"
          maxLength={MAX_LIST_NAME_LENGTH}
          value={draft}
          aria-invalid={problem !== null}
          aria-describedby={problemId}
          onChange={(event) => {
            setDraft(event.target.value)
            setProblem(null)
          }}
        />
        <p id={problemId} role="status">
          {problem}
        </p>
        <div className="dialog-actions">
          <button type="button" onClick={close}>
            {LIST_WORDS.cancel}
          </button>
          <button type="submit" className="primary">
            {naming.kind === 'new' ? LIST_WORDS.add : LIST_WORDS.save}
          </button>
        </div>
      </form>
    </dialog>
  )
}
