import './lists.css'
import { useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import type { ListEntry } from '../../services/types'
import { DeleteListDialog } from './DeleteListDialog'
import { ListNameDialog } from './ListNameDialog'
import { ListLinks } from './ListLinks'
import { selectLists, selectShownList } from './listsSlice'
import { LIST_WORDS } from './words'

type Asking =
  { kind: 'new' } | { kind: 'rename'; list: ListEntry } | { kind: 'delete'; list: ListEntry } | null

/**
 * The person's lists above the tasks, one tap each, with their open counts (`ListLinks`, where
 * they are moved too), a New list, and the shown list's Rename and Delete. Drawn by ListSwitcher
 * once there is a list besides My tasks; before, the one quiet place to make a list is at the end
 * of the filters (`NewListButton`), taking no line, and nothing is counted for a line not drawn.
 */
export function SwitcherLine() {
  const lists = useAppSelector(selectLists)
  const shown = useAppSelector(selectShownList)
  const [asking, setAsking] = useState<Asking>(null)
  const shownList = lists.find(({ id }) => id === shown)
  // A question about a list gone meanwhile (another device deleted it) is dropped, for good.
  if (asking && asking.kind !== 'new' && !lists.some(({ id }) => id === asking.list.id)) {
    setAsking(null)
  }
  if (lists.length === 0) return null
  const closed = () => {
    setAsking(null)
  }
  return (
    <div className="lists">
      <ListLinks />
      <div className="list-actions">
        <button
          type="button"
          className="new-list"
          onClick={() => {
            setAsking({ kind: 'new' })
          }}
        >
          {LIST_WORDS.newList}
        </button>
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
      {asking?.kind === 'new' && <ListNameDialog naming={{ kind: 'new' }} onClosed={closed} />}
      {asking?.kind === 'rename' && (
        <ListNameDialog naming={{ kind: 'rename', ...asking.list }} onClosed={closed} />
      )}
      {asking?.kind === 'delete' && <DeleteListDialog list={asking.list} onClosed={closed} />}
    </div>
  )
}
