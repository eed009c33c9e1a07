import { useEffect, useId, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { MAX_TASK_LENGTH } from '../../../services/types'
import { selectAuthStatus } from '../../auth'
import { addTask } from '../model/commands'
import { CutNotice, useLengthLimit } from './LengthLimit'
import { DueHint } from './DueHint'
import { ListHint } from './ListHint'
import type { NamedList } from '../model/listTag'
import { useTypedDue } from './useTypedDue'
import { useTypedList } from './useTypedList'

const NEW_TASK_KEYS = new Set(['/', 'n', 'N'])
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.matches('input, textarea, select'))

const NO_LISTS: readonly NamedList[] = []

export function TaskForm({
  onAdded,
  list = null,
  lists = NO_LISTS,
  makeList,
}: {
  /** A task was added to the list shown. */
  onAdded?: (id: string, text: string) => void
  /** The list a task is added to: the one shown (null: My tasks). */
  list?: string | null
  /** The person's lists, My tasks first, which "#name" may name (the lists feature knows them). */
  lists?: readonly NamedList[]
  /** Makes a list named so and says its id; undefined when it cannot be made. */
  makeList?: (name: string) => string | undefined
}) {
  const dispatch = useAppDispatch()
  const [draft, setDraft] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  const authStatus = useAppSelector(selectAuthStatus)
  const noticeId = useId()
  const hintId = useId()
  const listHintId = useId()
  const cut = useLengthLimit(inputRef, draft, setDraft)
  // The list first: a date is read in what the tag leaves ("#today" may be a list).
  const typedList = useTypedList(draft, lists)
  const undated = typedList.found?.text ?? draft
  const typedDue = useTypedDue(undated)
  // The list a task was just added to, when not the one shown: said by its name as it is now,
  // and only while it is one of the person's (never to the next person at a shared computer).
  const [added, setAdded] = useState<{ list: string | null; count: number } | null>(null)
  const addedTo = added && lists.length > 1 && lists.find(({ id }) => id === added.list)
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
    inputRef.current?.focus()
    const tag = typedList.found
    const found = typedDue.shownFor(undated)
    const into =
      tag === null ? list : tag.target.kind === 'list' ? tag.target.id : makeList?.(tag.name)
    // The list could not be made (the 200th made on another device): the hint goes, the draft stays.
    if (into === undefined) return
    const outcome = dispatch(
      addTask(found?.text ?? undated, found?.due ?? null, found?.repeat ?? null, into),
    )
    if (outcome.kind !== 'added') return
    setDraft('')
    if (into === list) onAdded?.(outcome.id, outcome.text)
    else setAdded({ list: into, count: (added?.count ?? 0) + 1 })
  }
  /** Escape refuses the hint whose words come last in the draft: most likely the last typed. */
  const refuseLast = () => {
    const tag = typedList.found
    const due = typedDue.found
    const dueAt = due ? draft.lastIndexOf(due.phrase) : -1
    if (tag && (!due || tag.index > dueAt)) typedList.refuse()
    else if (due) typedDue.refuse()
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
          [cut && noticeId, typedDue.found && hintId, typedList.found && listHintId]
            .filter(Boolean)
            .join(' ') || undefined
        }
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value)
          setAdded(null)
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || (!typedDue.found && !typedList.found)) return
          event.preventDefault()
          refuseLast()
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
      <ListHint
        id={listHintId}
        found={typedList.found}
        added={added && addedTo ? { name: addedTo.name, count: added.count } : null}
        onRefuse={() => {
          typedList.refuse()
          inputRef.current?.focus()
        }}
      />
    </form>
  )
}
