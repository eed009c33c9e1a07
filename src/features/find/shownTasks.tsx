import { useDeferredValue, useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import {
  filterChanged,
  selectFilter,
  selectQuery,
  selectShownIds,
  type Filter,
  type Finding,
} from './findSlice'

/** Each filter's name, and its link: All is the page itself (no hash, or `#/`). */
export const FILTERS: Readonly<Record<Filter, readonly [name: string, hash: string]>> = {
  all: ['All', '#/'],
  open: ['Open', '#/open'],
  finished: ['Finished', '#/finished'],
}

export const filterOfHash = (hash: string) =>
  (Object.keys(FILTERS) as Filter[]).find((filter) => FILTERS[filter][1] === hash) ?? 'all'

/**
 * The filter follows the URL's hash, so a reload and Back keep it; one screen still (spec §2).
 * Read after the first render, which the prerendered page drew as All.
 */
export function useFilterInHash() {
  const dispatch = useAppDispatch()
  useEffect(() => {
    const follow = () => dispatch(filterChanged(filterOfHash(location.hash)))
    follow()
    window.addEventListener('hashchange', follow)
    return () => {
      window.removeEventListener('hashchange', follow)
    }
  }, [dispatch])
}

/** What the list says when it has tasks but Find or the filter shows none. */
function NoMatch({ finding: { query, filter } }: { finding: Finding }) {
  const which = filter === 'all' ? '' : `${filter} `
  const typed = query.trim()
  return (
    <div className="empty">
      <p role="status">{typed ? `No ${which}task matches “${typed}”.` : `No ${which}tasks.`}</p>
    </div>
  )
}

/**
 * The ids of the rows Find and the filter show, and what to say when there are none. What is
 * typed reaches the rows in a render the next key may interrupt, so typing never waits for them;
 * a filter, or an emptied field, shows at once.
 */
export function useShownTasks() {
  const filter = useAppSelector(selectFilter)
  const query = useAppSelector(selectQuery)
  const typed = useDeferredValue(query)
  const finding = { filter, query: query && typed }
  const ids = useAppSelector((state) => selectShownIds(state, finding))
  return { ids, noMatch: <NoMatch finding={finding} /> }
}
