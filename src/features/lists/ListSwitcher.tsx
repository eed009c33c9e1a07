import './lists.css'
import { useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import type { ListEntry } from '../../services/types'
import {
  DeleteListDialog,
  ListNameDialog,
  NewListButton,
  usePrefetchedDialogs,
} from './lazyDialogs'
import { MY_TASKS, selectLists, selectShownList } from './listsSlice'
import { selectOpenCounts } from './listTasks'
import { hashIn } from './place'
import { LIST_WORDS } from './words'

const NO_COUNTS: ReadonlyMap<string | null, number> = new Map()

type Asking = { kind: 'rename'; list: ListEntry } | { kind: 'delete'; list: ListEntry } | null

/**
 * The person's lists above the tasks, one tap each, with their open counts, a New list, and the
 * shown list's Rename and Delete. Nothing at all while there is only My tasks: then the one
 * quiet place to make a list is at the end of the filters (`NewListButton`), taking no line.
 */
export function ListSwitcher() {
  const lists = useAppSelector(selectLists)
  const shown = useAppSelector(selectShownList)
  // Counted only where shown: a person with no list has no count to redraw on each tick.
  const counts = useAppSelector((state) =>
    selectLists(state).length > 0 ? selectOpenCounts(state) : NO_COUNTS,
  )
  const [asking, setAsking] = useState<Asking>(null)
  const shownList = lists.find(({ id }) => id === shown)
  // A question about a list gone meanwhile (another device deleted it) is dropped, for good.
  if (asking && !lists.some(({ id }) => id === asking.list.id)) setAsking(null)
  usePrefetchedDialogs(lists.length > 0)
  if (lists.length === 0) return null
  const closed = () => {
    setAsking(null)
  }
  return (
    <div className="lists">
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
      <div className="list-actions">
        <NewListButton />
        {shownList && (
          <>
            <button
              type="button"
              onClick={() => {
                setAsking({ kind: 'rename', list: shownList })
              }}
            >
              {LIST_WORDS.rename}
            </button>
            <button
              type="button"
              onClick={() => {
                setAsking({ kind: 'delete', list: shownList })
              }}
            >
              {LIST_WORDS.deleteList}
            </button>
          </>
        )}
      </div>
      {asking?.kind === 'rename' && (
        <ListNameDialog naming={{ kind: 'rename', ...asking.list }} onClosed={closed} />
      )}
      {asking?.kind === 'delete' && <DeleteListDialog list={asking.list} onClosed={closed} />}
    </div>
  )
}
