import {
  createContext,
  use,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { flushSync } from 'react-dom'
import { nextItem } from '../../../../lib/helpers'

export const MENU_ITEM = { role: 'menuitem', tabIndex: -1 } as const
const DOTS = 'M5 12h.01M12 12h.01M19 12h.01'
const CloseMenu = createContext<() => void>(() => undefined)

// Called in the item's own click handler, not a menu listener: the browser runs microtasks
// between listeners, so React would remove the item before it heard the click.
export const useCloseMenu = (): (() => void) => use(CloseMenu)

const itemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
]

/** An ARIA menu button in a popover; `children` are drawn only while open (not one set per row). */
export function RowMenu({
  describedBy,
  children,
  wide = false,
}: {
  describedBy: string
  children: ReactNode
  /** Shown on a wide screen too (it holds what the row's buttons do not: Move to list). */
  wide?: boolean
}) {
  const buttonId = useId()
  const menuId = useId()
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const focusOnOpen = useRef<'first' | 'last'>('first')
  const close = () => {
    menuRef.current?.hidePopover()
    buttonRef.current?.focus()
  }
  const buttonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'first'
    // As a click: the popover then stays placed by its button.
    if (!open) event.currentTarget.click()
  }
  const menuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
      return
    }
    // Tab leaves from the button.
    if (event.key === 'Tab') {
      close()
      return
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const items = itemsOf(menuRef.current)
    const current = items.findIndex((item) => item === event.target)
    const next = nextItem(items, current, event.key)
    if (next === -1) return
    event.preventDefault()
    items[next]?.focus()
  }
  return (
    <>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={wide ? 'icon-button row-more wide' : 'icon-button row-more'}
        data-control="more"
        title="More actions"
        aria-describedby={describedBy}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        popoverTarget={menuId}
        onKeyDown={buttonKeyDown}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={DOTS} />
        </svg>
        <span className="button-label">More actions</span>
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        tabIndex={-1}
        aria-labelledby={buttonId}
        className="row-menu"
        popover="auto"
        onBeforeToggle={(event) => {
          if (event.newState !== 'open') {
            setOpen(false)
            return
          }
          // Drawn before the menu shows, not in the frame after.
          flushSync(() => {
            setOpen(true)
          })
        }}
        onToggle={(event) => {
          if (event.newState !== 'open') return
          const items = itemsOf(menuRef.current)
          const item = focusOnOpen.current === 'last' ? items.at(-1) : items[0]
          focusOnOpen.current = 'first'
          item?.focus()
        }}
        onKeyDown={menuKeyDown}
      >
        <CloseMenu value={close}>{open && children}</CloseMenu>
      </div>
    </>
  )
}
