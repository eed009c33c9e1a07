import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { controlOf, rowControl, rowElement, type Control } from './rowControls'
import type { RowKeys } from './rowKeys'

export interface FocusedRow {
  id: string
  control: Control
  /** The focus ring showed: restored the same. */
  visible: boolean
}

/** The first row after `id` still in `after`, else the nearest before it. */
function neighbour(before: readonly string[], after: readonly string[], id: string) {
  let all: Set<string> | null = null
  const stays = (i: number) => {
    const row = before[i] ?? ''
    return after[i - 1] === row || after[i] === row || (all ??= new Set(after)).has(row)
  }
  const index = before.indexOf(id)
  for (let i = index + 1; index >= 0 && i < before.length; i++) if (stays(i)) return before[i]
  for (let i = index - 1; i >= 0; i--) if (stays(i)) return before[i]
  return undefined
}

// A moved row is a new element: the same button gets focus back, without scrolling. A row that
// goes hands focus to the next row's toggle, else the previous one's.
export function useFocusedRow(
  listRef: RefObject<HTMLUListElement | null>,
  ids: readonly string[],
  keys: RowKeys,
  focusRef: RefObject<FocusedRow | null>,
  /** A change draws every row anew (the drag library arrived). */
  redrawn: unknown = null,
): string | null {
  const [focusedId, setFocusedId] = useState<string | null>(null)
  useEffect(() => {
    const list = listRef.current
    if (!list) return
    const forget = () => {
      focusRef.current = null
      setFocusedId(null)
    }
    const focusIn = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null
      const row = target?.closest('li[data-task-id]')
      if (!target || !(row instanceof HTMLElement) || row.dataset.taskId === undefined) return
      const id = row.dataset.taskId
      focusRef.current = {
        id,
        control: controlOf(target) ?? 'toggle',
        visible: target.matches(':focus-visible'),
      }
      setFocusedId(id)
    }
    let check = 0
    const focusOut = (event: FocusEvent) => {
      const next = event.relatedTarget
      if (next instanceof Node && list.contains(next)) return
      if (next instanceof Node) {
        forget()
        return
      }
      // To nowhere: another window, or a row being replaced, keeps it; a page click does not.
      const from = event.target
      clearTimeout(check)
      check = window.setTimeout(() => {
        const onPage = document.hasFocus() && document.activeElement === document.body
        if (onPage && from instanceof Node && from.isConnected) forget()
      })
    }
    list.addEventListener('focusin', focusIn)
    list.addEventListener('focusout', focusOut)
    return () => {
      clearTimeout(check)
      list.removeEventListener('focusin', focusIn)
      list.removeEventListener('focusout', focusOut)
    }
  }, [listRef, focusRef])
  const previousIds = useRef(ids)
  useLayoutEffect(() => {
    const before = previousIds.current
    previousIds.current = ids
    const focus = focusRef.current
    const list = listRef.current
    const active = document.activeElement
    if (!focus || !list || (active !== null && active !== document.body)) return
    let target = focus
    if (before !== ids && !ids.includes(focus.id)) {
      const next = neighbour(before, ids, focus.id)
      if (next === undefined) return
      target = { id: next, control: 'toggle', visible: focus.visible }
      focusRef.current = target
      setFocusedId(next)
    }
    // Not drawn yet (a windowed list): it is once focusedId pins it, and this runs again.
    const row = rowElement(list, target.id)
    if (!row) return
    rowControl(row, target.control)?.focus({ preventScroll: true, focusVisible: target.visible })
  }, [listRef, focusRef, ids, keys, focusedId, redrawn])
  return focusedId
}
