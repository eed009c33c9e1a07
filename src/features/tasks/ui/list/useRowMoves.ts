import {
  createContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentType,
  type RefObject,
} from 'react'
import { useAppDispatch, useAppStore } from '../../../../app/hooks'
import type { Announcer } from './MoveStatus'
import type { createRowMoves } from './rowMoves'

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
  /** The row menu's Move up and Move down. */
  MenuItems: ComponentType<{ id: string }>
}

/** The list's moves; null until the chunk that makes them has come (useReorderKit.ts). */
export const RowMovesContext = createContext<RowMoves | null>(null)

/**
 * The list's moves (rowMoves.tsx, given by the drag library's chunk as `create`), one object
 * for the list's lifetime that reads the rows shown when called; and Alt+ArrowUp /
 * Alt+ArrowDown from anywhere in a row. A moved row gets a new key; useFocusedRow.ts gives
 * focus back to the same control.
 */
export function useRowMoves(
  listRef: RefObject<HTMLUListElement | null>,
  ids: readonly string[],
  announcer: Announcer,
  /** Whether a drag is under way: the keys then belong to it. */
  dragging: RefObject<boolean>,
  create: typeof createRowMoves | null,
): RowMoves | null {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  // What a move reads when it is made: the rows shown and the list as last committed.
  const [page] = useState(() => {
    let shown = ids
    let list: HTMLUListElement | null = null
    return {
      shown: () => shown,
      list: () => list,
      committed(ids: readonly string[], element: HTMLUListElement | null) {
        shown = ids
        list = element
      },
    }
  })
  useLayoutEffect(() => {
    page.committed(ids, listRef.current)
  }, [page, ids, listRef])

  const moves = useMemo(
    () => create?.(dispatch, store, page, announcer) ?? null,
    [create, dispatch, store, page, announcer],
  )

  useEffect(() => {
    const list = listRef.current
    if (!list || !moves) return
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
