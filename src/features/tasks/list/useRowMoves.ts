import { createContext, useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { useAppDispatch, useAppStore } from '../../../app/hooks'
import { taskMovedPast } from '../clicks'
import { selectTaskById } from '../tasksSlice'
import type { Announcer } from './MoveStatus'
import { rowElement } from './rowControls'

/** Up the list (-1) or down it (+1). */
export type Step = -1 | 1

/** Moving rows among the rows shown (`ids`: all tasks, or those a search leaves). */
export interface RowMoves {
  /** The shown row that `id` moves past going one place `step`, if it is in the same region. */
  neighbour(id: string, step: Step): string | undefined
  /** Moves `id` one place (Alt+Arrow, the menu's Move up and Move down) and says where to. */
  move(id: string, step: Step): boolean
  /** A drop: `id` just past `overId`, as a sortable list shows it. */
  drop(id: string, overId: string): boolean
  /** "3 of 12": where `id` is among the shown rows. */
  position(id: string): string
  /** The task's text, for what a drag says. */
  textOf(id: string): string
}

export const RowMovesContext = createContext<RowMoves | null>(null)

/**
 * The list's moves, one object for its lifetime (it reads the rows shown when called), and
 * Alt+ArrowUp / Alt+ArrowDown from anywhere in a row. Each move dispatches `taskMovedPast`, which
 * writes the moved task only. A moved row gets a new key; useFocusedRow.ts gives focus back to
 * the same control, and the row is brought into view if the move took it out.
 */
export function useRowMoves(
  listRef: RefObject<HTMLUListElement | null>,
  ids: readonly string[],
  announcer: Announcer,
  /** Whether a drag is under way: the keys then belong to it. */
  dragging: RefObject<boolean>,
): RowMoves {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const shown = useRef(ids)
  useLayoutEffect(() => {
    shown.current = ids
  }, [ids])

  const moves = useMemo<RowMoves>(() => {
    const region = (id: string) => selectTaskById(store.getState(), id)?.isFinished
    const position = (id: string) => {
      const list = shown.current
      return `${String(list.indexOf(id) + 1)} of ${String(list.length)}`
    }
    const drop = (id: string, overId: string) => {
      let moved = false
      flushSync(() => {
        moved = dispatch(taskMovedPast(id, overId))
      })
      return moved
    }
    const neighbour = (id: string, step: Step) => {
      const list = shown.current
      const index = list.indexOf(id)
      const next = index < 0 ? undefined : list[index + step]
      return next !== undefined && region(next) === region(id) ? next : undefined
    }
    return {
      neighbour,
      move(id, step) {
        const past = neighbour(id, step)
        if (past === undefined || !drop(id, past)) {
          announcer.say(step < 0 ? 'Not moved: already first.' : 'Not moved: already last.')
          return false
        }
        const list = listRef.current
        const row = list ? rowElement(list, id) : undefined
        row?.scrollIntoView({ block: 'nearest' })
        announcer.say(`Moved to ${position(id)}`)
        return true
      },
      drop,
      position,
      textOf: (id) => selectTaskById(store.getState(), id)?.task ?? '',
    }
  }, [dispatch, store, announcer, listRef])

  useEffect(() => {
    const list = listRef.current
    if (!list) return
    const keyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
      if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
      const row = event.target instanceof Element ? event.target.closest('li[data-task-id]') : null
      const id = row instanceof HTMLElement ? row.dataset.taskId : undefined
      if (id === undefined || dragging.current) return
      event.preventDefault()
      moves.move(id, event.key === 'ArrowUp' ? -1 : 1)
    }
    list.addEventListener('keydown', keyDown)
    return () => {
      list.removeEventListener('keydown', keyDown)
    }
  }, [listRef, moves, dragging])

  return moves
}
