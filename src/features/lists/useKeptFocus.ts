import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

const MY_TASKS_LINK = 'a:not([data-list-id])'
const linkSelector = (id: string | null) =>
  id === null ? MY_TASKS_LINK : `a[data-list-id="${id}"]`

/**
 * The drag's chunk, once come, draws the links anew (`redrawn`): the link focus was on gets it
 * back, without scrolling. Focus taken elsewhere, or dropped by a click on the page, is left.
 */
export function useKeptFocus(nav: RefObject<HTMLElement | null>, redrawn: unknown) {
  // The link focus is on: its list's slot, null for My tasks; undefined for none.
  const focused = useRef<string | null | undefined>(undefined)
  useEffect(() => {
    const element = nav.current
    if (!element) return
    const focusIn = (event: FocusEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null
      focused.current = link ? (link.getAttribute('data-list-id') ?? null) : undefined
    }
    let check = 0
    const focusOut = (event: FocusEvent) => {
      const next = event.relatedTarget
      if (next instanceof Node && element.contains(next)) return
      const from = event.target
      clearTimeout(check)
      // To nowhere: a link being replaced keeps it; a click on the page does not.
      if (next instanceof Node || !(from instanceof Node)) focused.current = undefined
      else
        check = window.setTimeout(() => {
          if (from.isConnected) focused.current = undefined
        })
    }
    element.addEventListener('focusin', focusIn)
    element.addEventListener('focusout', focusOut)
    return () => {
      clearTimeout(check)
      element.removeEventListener('focusin', focusIn)
      element.removeEventListener('focusout', focusOut)
    }
  }, [nav])
  useLayoutEffect(() => {
    const id = focused.current
    const active = document.activeElement
    if (id === undefined || (active !== null && active !== document.body)) return
    nav.current?.querySelector<HTMLElement>(linkSelector(id))?.focus({ preventScroll: true })
  }, [nav, redrawn])
}
