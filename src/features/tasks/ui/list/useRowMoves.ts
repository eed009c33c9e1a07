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
import type { AppDispatch, AppStore } from '../../../../app/store'
import type { Announcer } from './MoveStatus'

export type Step = -1 | 1

/** Moves among the rows shown (all tasks, or those a search leaves). */
export interface RowMoves {
  /** The shown row `id` moves past going one `step`, if in the same region. */
  neighbour(id: string, step: Step): string | undefined
  move(id: string, step: Step): boolean
  drop(id: string, overId: string): boolean
  position(id: string): string
  textOf(id: string): string
  MenuItems: ComponentType<{ id: string }>
}

/** Null until the chunk that makes them has come. */
export const RowMovesContext = createContext<RowMoves | null>(null)

/** The rows shown and their list element, as last committed. */
export interface ShownRows {
  shown: () => readonly string[]
  list: () => HTMLUListElement | null
}

/**
 * The reorder chunk's `createRowMoves` (rowMoves.tsx), typed here: this hook is handed it once
 * the chunk has come, and imports nothing of it (rowMoves.tsx imports this file).
 */
export type CreateRowMoves = (
  dispatch: AppDispatch,
  store: AppStore,
  page: ShownRows,
  announcer: Announcer,
) => RowMoves

/** One object for the list's lifetime, reading the rows shown when called; and Alt+Arrow. */
export function useRowMoves(
  listRef: RefObject<HTMLUListElement | null>,
  ids: readonly string[],
  announcer: Announcer,
  /** A drag under way owns the keys. */
  dragging: RefObject<boolean>,
  create: CreateRowMoves | null,
): RowMoves | null {
  const dispatch = useAppDispatch()
  const store = useAppStore()
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
