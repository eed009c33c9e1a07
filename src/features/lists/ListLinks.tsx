import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import { importAgainAfterFailure, retryingLoad } from '../../lib/helpers'
import { ListLink } from './ListLink'
import { useListMoves } from './listMoves'
import { MY_TASKS, selectLists, selectShownList } from './listsSlice'
import { selectOpenCounts } from './listTasks'
import { useKeptFocus } from './useKeptFocus'
import type * as Kit from './sortableLinks'
import { LIST_WORDS } from './words'

type LinkKit = typeof Kit
const load = retryingLoad(importAgainAfterFailure(() => import('./sortableLinks')))
let loaded: LinkKit | null = null

/** The drag's chunk (dnd-kit): not in the first render; the links work without it meanwhile. */
function useLinkKit(): LinkKit | null {
  const [kit, setKit] = useState(loaded)
  useEffect(() => {
    if (kit) return
    let live = true
    load().then(
      (module) => {
        loaded = module
        if (live) setKit(module)
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [kit])
  return kit
}

const STEPS: Readonly<Record<string, -1 | 1>> = {
  ArrowLeft: -1,
  ArrowUp: -1,
  ArrowRight: 1,
  ArrowDown: 1,
}

/**
 * The line of lists, My tasks first, each with its open count: a link each, and each of the
 * person's own lists moved by a drag (the mouse, a finger held a moment, or Space and the
 * arrows), or one place by Alt+ArrowLeft and Alt+ArrowRight (Alt+ArrowUp and Alt+ArrowDown,
 * the tasks' keys, as well). Where it went is said politely.
 */
export function ListLinks() {
  const lists = useAppSelector(selectLists)
  const shown = useAppSelector(selectShownList)
  const counts = useAppSelector(selectOpenCounts)
  const [said, setSaid] = useState<{ text: string; count: number } | null>(null)
  const say = useCallback((text: string) => {
    setSaid((previous) => ({ text, count: (previous?.count ?? 0) + 1 }))
  }, [])
  const moves = useListMoves(say)
  const kit = useLinkKit()
  const nav = useRef<HTMLElement>(null)
  // A drag under way owns the keys.
  const dragging = useRef(false)
  const onDragging = useCallback((on: boolean) => {
    dragging.current = on
  }, [])
  useKeptFocus(nav, kit)
  const ids = useMemo(() => lists.map(({ id }) => id), [lists])
  useEffect(() => {
    const element = nav.current
    if (!element) return
    const keyDown = (event: KeyboardEvent) => {
      const step = STEPS[event.key]
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || !step) return
      const link = event.target instanceof HTMLElement ? event.target.closest('a') : null
      // My tasks does not move: there Alt+ArrowLeft is the browser's Back, as everywhere else.
      const id = link?.dataset.listId
      if (id === undefined || dragging.current) return
      event.preventDefault()
      moves.step(id, step)
    }
    element.addEventListener('keydown', keyDown)
    return () => {
      element.removeEventListener('keydown', keyDown)
    }
  }, [moves])
  const line = (
    <ul className="list-links">
      <ListLink id={null} name={MY_TASKS} count={counts.get(null) ?? 0} current={shown === null} />
      {lists.map(({ id, name }) => {
        const props = { id, name, count: counts.get(id) ?? 0, current: id === shown }
        return kit ? (
          <kit.SortableLink
            key={id}
            id={id}
            render={(drag) => <ListLink {...props} drag={drag} />}
          />
        ) : (
          <ListLink key={id} {...props} />
        )
      })}
    </ul>
  )
  return (
    <>
      <nav ref={nav} aria-label={LIST_WORDS.nav}>
        {kit ? (
          <kit.SortableLinks ids={ids} moves={moves} onDragging={onDragging}>
            {line}
          </kit.SortableLinks>
        ) : (
          line
        )}
      </nav>
      {/* A new element each time, so the same words are said again. */}
      <p className="visually-hidden" role="status">
        {said && <span key={said.count}>{said.text}</span>}
      </p>
    </>
  )
}
