import './find.css'
import { useLayoutEffect, useRef } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { FILTERS } from './shownTasks'
import { hashIn, NewListButton, selectLists, selectShownList } from '../lists'
import { AllLists } from './AllLists'
import {
  findTyped,
  selectFilter,
  selectFilterCount,
  selectHiddenTask,
  selectQuery,
  selectSearchedCount,
  selectShownIds,
  selectWords,
  showAllClicked,
  type Filter,
  type HiddenTask,
} from './findSlice'

export const hiddenMessage = ({ text, added, by }: HiddenTask) =>
  `${added ? 'Added' : 'Changed'} “${text}”: hidden by ${by === 'search' ? 'your search' : `the ${FILTERS[by][0]} filter`}.`

/** The filters are links, as TodoMVC's are; not tabs: they change the URL, with one list. */
export function FindBar({ onShowAll }: { onShowAll: (id: string) => void }) {
  const dispatch = useAppDispatch()
  const query = useAppSelector(selectQuery)
  const searching = useAppSelector(selectWords).length > 0
  const shown = useAppSelector(selectShownIds).length
  const searched = useAppSelector(selectSearchedCount)
  const filter = useAppSelector(selectFilter)
  const list = useAppSelector(selectShownList)
  // While there is only My tasks, the one quiet place to make a list ends the filters' line.
  const onlyMyTasks = useAppSelector((state) => selectLists(state).length === 0)
  const hidden = useAppSelector(selectHiddenTask)
  const counts: Record<Filter, number> = {
    all: useAppSelector((state) => selectFilterCount(state, 'all')),
    open: useAppSelector((state) => selectFilterCount(state, 'open')),
    finished: useAppSelector((state) => selectFilterCount(state, 'finished')),
    today: useAppSelector((state) => selectFilterCount(state, 'today')),
    upcoming: useAppSelector((state) => selectFilterCount(state, 'upcoming')),
  }
  const filters = useRef<HTMLUListElement>(null)
  const none = counts.all === 0
  // On a phone the filters scroll sideways: the one on is brought into view (a reload on Upcoming).
  useLayoutEffect(() => {
    const list = filters.current
    const current = list?.querySelector<HTMLElement>('[aria-current]')
    if (!list || !current || list.scrollWidth <= list.clientWidth) return
    const left = current.offsetLeft - list.offsetLeft
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = left - (list.clientWidth - current.offsetWidth) / 2
    }
  }, [filter, none])
  if (none) return null
  return (
    <div className="find">
      <div className="find-field" role="search">
        <label htmlFor="find-tasks" className="visually-hidden">
          Find tasks
        </label>
        <input
          id="find-tasks"
          type="search"
          placeholder="Find tasks"
          autoComplete="off"
          value={query}
          onChange={(event) => dispatch(findTyped(event.target.value))}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || query === '') return
            event.preventDefault()
            dispatch(findTyped(''))
          }}
        />
        {!onlyMyTasks && filter !== 'today' && filter !== 'upcoming' && <AllLists />}
        <p role="status">{searching && `${shown} of ${searched}`}</p>
      </div>
      <nav aria-label="Filter">
        <ul ref={filters} className="filters">
          {(Object.keys(FILTERS) as Filter[]).map((key) => (
            <li key={key}>
              <a
                href={hashIn(list, FILTERS[key][1])}
                aria-current={key === filter ? 'page' : undefined}
              >
                {FILTERS[key][0]} <span>{counts[key]}</span>
              </a>
            </li>
          ))}
          {onlyMyTasks && (
            <li>
              <NewListButton />
            </li>
          )}
        </ul>
      </nav>
      <p className="find-notice" role="status">
        {hidden && (
          <>
            {hiddenMessage(hidden)}{' '}
            <button
              type="button"
              onClick={() => {
                dispatch(showAllClicked())
                if (filter !== 'all') location.hash = hashIn(list, FILTERS.all[1])
                onShowAll(hidden.id)
                // The button goes with the message: back to the field, now empty.
                document.getElementById('find-tasks')?.focus()
              }}
            >
              Show all
            </button>
          </>
        )}
      </p>
    </div>
  )
}
