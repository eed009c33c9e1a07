import { useEffect, useId, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { MAX_TASK_LENGTH } from '../../../services/types'
import { selectAuthStatus } from '../../auth'
import { addTask } from '../model/commands'
import { CutNotice, useLengthLimit } from './LengthLimit'
import { DueHint } from './DueHint'
import { useTypedDue } from './useTypedDue'

const NEW_TASK_KEYS = new Set(['/', 'n', 'N'])
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.matches('input, textarea, select'))

export function TaskForm({
  onAdded,
  list = null,
}: {
  onAdded?: (id: string, text: string) => void
  /** The list a task is added to: the one shown (null: My tasks). */
  list?: string | null
}) {
  const dispatch = useAppDispatch()
  const [draft, setDraft] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  const authStatus = useAppSelector(selectAuthStatus)
  const noticeId = useId()
  const hintId = useId()
  const cut = useLengthLimit(inputRef, draft, setDraft)
  const typedDue = useTypedDue(draft)
  // Text typed into the prerendered page before hydration would be wiped by the next render.
  useLayoutEffect(() => {
    const typed = inputRef.current?.value
    if (typed) setDraft(typed)
  }, [])
  // Signing in replaces the focused 'Login now' button, which drops focus to the page.
  useEffect(() => {
    if (authStatus === 'signedIn' && document.activeElement === document.body) {
      inputRef.current?.focus()
    }
  }, [authStatus])
  // As in Gmail, Todoist or GitHub.
  useEffect(() => {
    const keyDown = (event: KeyboardEvent) => {
      if (!NEW_TASK_KEYS.has(event.key) || event.ctrlKey || event.metaKey || event.altKey) return
      if (typingIn(event.target) || document.querySelector('dialog[open]')) return
      event.preventDefault()
      inputRef.current?.focus()
    }
    document.addEventListener('keydown', keyDown)
    return () => {
      document.removeEventListener('keydown', keyDown)
    }
  }, [])
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = typedDue.shownFor(draft)
    const outcome = dispatch(
      found
        ? addTask(found.text, found.due, found.repeat ?? null, list)
        : addTask(draft, null, null, list),
    )
    if (outcome.kind === 'added') {
      setDraft('')
      onAdded?.(outcome.id, outcome.text)
    }
    inputRef.current?.focus()
  }
  return (
    // method="dialog" outside a dialog: Enter before hydration does not reload the page.
    <form className="task-form" method="dialog" onSubmit={handleSubmit}>
      <label htmlFor="new-task" className="visually-hidden">
        New task
      </label>
      <input
        ref={inputRef}
        id="new-task"
        type="text"
        placeholder="Write your task here"
        title="New task (press / or N to come back here)"
        aria-keyshortcuts="/ N"
        // The spec asks for it: the page exists to type a task.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        autoComplete="off"
        maxLength={MAX_TASK_LENGTH}
        aria-describedby={
          [cut && noticeId, typedDue.found && hintId].filter(Boolean).join(' ') || undefined
        }
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value)
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !typedDue.found) return
          event.preventDefault()
          typedDue.refuse()
        }}
      />
      <button type="submit">Add Task</button>
      <CutNotice id={noticeId} shown={cut} />
      <DueHint
        id={hintId}
        found={typedDue.found}
        onRefuse={() => {
          typedDue.refuse()
          inputRef.current?.focus()
        }}
      />
    </form>
  )
}
