import { useEffect } from 'react'
import { useAppDispatch } from '../../app/hooks'
import { filterChanged, type Filter } from './findSlice'

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
