import './lists.css'
import { useState } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { MAX_LIST_NAME_LENGTH } from '../../services/types'
import { createList, renameList } from './commands'
import { MY_TASKS, selectLists, selectShownList } from './listsSlice'
import { selectOpenCounts } from './listTasks'
import { hashIn } from './place'
import { LIST_WORDS } from './words'
import { DeleteListDialog } from './DeleteListDialog'
import type { ListEntry } from '../../services/types'

const NO_COUNTS: ReadonlyMap<string | null, number> = new Map()

type Editing =
  | { kind: 'new' }
  | { kind: 'rename'; id: string; name: string }
  | { kind: 'delete'; list: ListEntry }
  | null

/**
 * The person's lists above the tasks, one tap each, with their open counts; and the one quiet
 * place to make a list, which is all a person with none sees.
 */
export function ListSwitcher() {
  const lists = useAppSelector(selectLists)
  const shown = useAppSelector(selectShownList)
  // Counted only where shown: a person with no list has no count to redraw on each tick.
  const counts = useAppSelector((state) =>
    selectLists(state).length > 0 ? selectOpenCounts(state) : NO_COUNTS,
  )
  const [editing, setEditing] = useState<Editing>(null)
  const shownList = lists.find(({ id }) => id === shown)
  return (
    <div className="lists">
      {lists.length > 0 && (
        <nav aria-label={LIST_WORDS.nav}>
          <ul className="list-links">
            {[{ id: null, name: MY_TASKS }, ...lists].map(({ id, name }) => (
              <li key={id ?? ''}>
                <a href={hashIn(id, '#/')} aria-current={id === shown ? 'page' : undefined}>
                  <span className="list-name">{name}</span>{' '}
                  <span aria-label={LIST_WORDS.openCount(counts.get(id) ?? 0)}>
                    {counts.get(id) ?? 0}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {editing?.kind === 'delete' && (
        <DeleteListDialog
          list={editing.list}
          onClosed={() => {
            setEditing(null)
          }}
        />
      )}
      {editing === null || editing.kind === 'delete' ? (
        <div className="list-actions">
          <button
            type="button"
            onClick={() => {
              setEditing({ kind: 'new' })
            }}
          >
            {LIST_WORDS.newList}
          </button>
          {shownList && (
            <button
              type="button"
              onClick={() => {
                setEditing({ kind: 'rename', ...shownList })
              }}
            >
              {LIST_WORDS.rename}
            </button>
          )}
          {shownList && (
            <button
              type="button"
              onClick={() => {
                setEditing({ kind: 'delete', list: shownList })
              }}
            >
              {LIST_WORDS.deleteList}
            </button>
          )}
        </div>
      ) : (
        <ListNameForm
          key={editing.kind === 'new' ? 'new' : editing.id}
          editing={editing}
          onDone={() => {
            setEditing(null)
          }}
        />
      )}
    </div>
  )
}

/** A list's name, typed: a new list's, or a new name for one. Escape or Cancel drops it. */
function ListNameForm({
  editing,
  onDone,
}: {
  editing: Exclude<Editing, null | { kind: 'delete' }>
  onDone: () => void
}) {
  const dispatch = useAppDispatch()
  const [draft, setDraft] = useState(editing.kind === 'rename' ? editing.name : '')
  const [problem, setProblem] = useState<string | null>(null)
  const submit = () => {
    if (editing.kind === 'rename') {
      if (dispatch(renameList(editing.id, draft))) onDone()
      else setProblem(LIST_WORDS.badName)
      return
    }
    const result = dispatch(createList(draft))
    if ('made' in result) {
      onDone()
      location.hash = hashIn(result.made.id, '#/')
    } else setProblem(result.refused === 'full' ? LIST_WORDS.full : LIST_WORDS.badName)
  }
  return (
    <form
      className="list-form"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <label htmlFor="list-name">
        {editing.kind === 'new' ? LIST_WORDS.newName : LIST_WORDS.renameLabel}
      </label>
      <input
        id="list-name"
        // The person asked for this field this moment: it takes the keys.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        autoComplete="off"
        maxLength={MAX_LIST_NAME_LENGTH}
        value={draft}
        aria-invalid={problem !== null}
        aria-describedby="list-name-problem"
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return
          event.preventDefault()
          onDone()
        }}
        onChange={(event) => {
          setDraft(event.target.value)
          setProblem(null)
        }}
      />
      <button type="submit">{editing.kind === 'new' ? LIST_WORDS.add : LIST_WORDS.save}</button>
      <button type="button" onClick={onDone}>
        {LIST_WORDS.cancel}
      </button>
      <p id="list-name-problem" role="status">
        {problem}
      </p>
    </form>
  )
}
