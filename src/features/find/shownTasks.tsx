import { useDeferredValue, useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { listShown, placeOfHash } from '../lists'
import {
  filterChanged,
  gathersEveryList,
  selectFilter,
  selectFindsAllLists,
  selectQuery,
  selectShownIds,
  type Filter,
  type Finding,
} from './findSlice'

/** Each filter's name and link. */
export const FILTERS: Readonly<Record<Filter, readonly [name: string, hash: string]>> = {
  all: ['All', '#/'],
  open: ['Open', '#/open'],
  finished: ['Finished', '#/finished'],
  today: ['Today', '#/today'],
  upcoming: ['Upcoming', '#/upcoming'],
}
export const filterOfHash = (hash: string) =>
  (Object.keys(FILTERS) as Filter[]).find((filter) => FILTERS[filter][1] === hash) ?? 'all'

/**
 * So a reload and Back keep the filter (spec §2) and the list shown; read after the first
 * render, prerendered as All of My tasks.
 */
export function useFilterInHash() {
  const dispatch = useAppDispatch()
  useEffect(() => {
    const follow = () => {
      const { list, rest } = placeOfHash(location.hash)
      dispatch(listShown(list))
      dispatch(filterChanged(filterOfHash(rest)))
    }
    follow()
    window.addEventListener('hashchange', follow)
    return () => {
      window.removeEventListener('hashchange', follow)
    }
  }, [dispatch])
}

/**
 * What a filter holding no task says: with nothing typed, with the words typed, and with them
 * typed in all lists (Today and Upcoming always look in every list).
 */
const NONE: Readonly<
  Record<Filter, readonly [none: string, noMatch: string, noMatchInAny: string]>
> = {
  all: ['No tasks.', 'No task matches', 'No task in any list matches'],
  open: ['No open tasks.', 'No open task matches', 'No open task in any list matches'],
  finished: [
    'No finished tasks.',
    'No finished task matches',
    'No finished task in any list matches',
  ],
  today: [
    'Nothing is due today or overdue.',
    'No task due today or overdue matches',
    'No task due today or overdue matches',
  ],
  upcoming: [
    'No open tasks have a date.',
    'No open task with a date matches',
    'No open task with a date matches',
  ],
}

function NoMatch({ finding }: { finding: Finding }) {
  const [none, noMatch, noMatchInAny] = NONE[finding.filter]
  const typed = finding.query.trim()
  const words = gathersEveryList(finding) ? noMatchInAny : noMatch
  return (
    <div className="empty">
      <p role="status">{typed ? `${words} “${typed}”.` : none}</p>
    </div>
  )
}

/**
 * What is typed reaches the rows deferred, so typing never waits; a filter shows at once. And
 * whether the rows gather every list (`everyList`), so that each names its own.
 */
export function useShownTasks() {
  const filter = useAppSelector(selectFilter)
  const query = useAppSelector(selectQuery)
  const allLists = useAppSelector(selectFindsAllLists)
  const typed = useDeferredValue(query)
  const finding = { filter, query: query && typed, allLists }
  const ids = useAppSelector((state) => selectShownIds(state, finding))
  return { ids, noMatch: <NoMatch finding={finding} />, everyList: gathersEveryList(finding) }
}
