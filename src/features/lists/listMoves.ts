import { useMemo } from 'react'
import { flushSync } from 'react-dom'
import { useAppDispatch, useAppStore } from '../../app/hooks'
import { moveList } from './commands'
import { selectLists } from './listsSlice'
import { LIST_WORDS } from './words'

/** Moves of the person's lists in the switcher's line, where My tasks is first and stays. */
export interface ListMoves {
  /** One place earlier (-1) or later (1), said; focus stays on the list's link. */
  step(id: string, step: -1 | 1): void
  /** A drag's drop: list `id` takes list `overId`'s place; whether it moved. */
  drop(id: string, overId: string): boolean
  /** Its place in the line, as said: "3 of 4", My tasks the first. */
  position(id: string): string
  nameOf(id: string): string
  /** "Moved to 3 of 4.": what is said once list `id` has moved. */
  movedWords(id: string): string
}

/** The link of list `id` in the switcher (a slot: digits alone). */
const linkOf = (id: string) =>
  document.querySelector<HTMLElement>(`.list-links a[data-list-id="${id}"]`)

/** One object for the switcher's lifetime, reading the lists when called. */
export function useListMoves(say: (text: string) => void): ListMoves {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  return useMemo(() => {
    const lists = () => selectLists(store.getState())
    const indexOf = (id: string) => lists().findIndex((list) => list.id === id)
    // Drawn at once, so the link is where it now is when focus and the words follow it.
    const moved = (id: string, to: number) => {
      const link = linkOf(id)
      const focused = link !== null && document.activeElement === link
      const done = flushSync(() => dispatch(moveList(id, to)))
      const now = linkOf(id)
      if (done && focused && now && document.activeElement !== now) now.focus()
      now?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
      return done
    }
    const position = (id: string) => LIST_WORDS.place(indexOf(id) + 2, lists().length + 1)
    const movedWords = (id: string) => LIST_WORDS.movedTo(position(id))
    return {
      step(id, step) {
        const at = indexOf(id)
        if (at < 0) return
        if (!moved(id, at + step)) say(step < 0 ? LIST_WORDS.alreadyFirst : LIST_WORDS.alreadyLast)
        else say(movedWords(id))
      },
      drop(id, overId) {
        const to = indexOf(overId)
        return to >= 0 && moved(id, to)
      },
      position,
      nameOf: (id) => lists().find((list) => list.id === id)?.name ?? '',
      movedWords,
    }
  }, [dispatch, store, say])
}
