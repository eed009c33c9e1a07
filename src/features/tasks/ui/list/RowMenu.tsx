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

/** What makes a row's button an item of its menu: arrow keys move between them, not Tab. */
export const MENU_ITEM = { role: 'menuitem', tabIndex: -1 } as const

const DOTS = 'M5 12h.01M12 12h.01M19 12h.01'

const CloseMenu = createContext<() => void>(() => undefined)

/**
 * For an item that closes its menu back to its button before it acts (Move up, Move down: the
 * row may be drawn anew where it goes), called in the item's own click handler. Not from a
 * listener of the menu's: for a real click or key the browser runs microtasks between
 * listeners, so React would draw the closed menu, without the item, before the item heard it.
 */
export const useCloseMenu = (): (() => void) => use(CloseMenu)

const itemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
]

/**
 * A row's "More actions" button and the menu it opens (a popover, so it shows above the rows
 * beside its button, and closes on a click elsewhere), with the ARIA menu button's keys:
 * Enter, Space or ArrowDown open it on its first item, ArrowUp on its last; in it ArrowDown and
 * ArrowUp move and wrap, Home and End go to either end, a letter to the item it starts; Escape
 * closes it back to the button, Tab closes it and moves on from the button. `children` (given
 * MENU_ITEM's props) are drawn only while it is open: one Edit and one Delete per row otherwise.
 */
export function RowMenu({ describedBy, children }: { describedBy: string; children: ReactNode }) {
  const buttonId = useId()
  const menuId = useId()
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  // Which item takes focus once the menu shows: the first, unless opened with ArrowUp.
  const focusOnOpen = useRef<'first' | 'last'>('first')

  const close = () => {
    menuRef.current?.hidePopover()
    buttonRef.current?.focus()
  }

  const buttonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'first'
    // As a click opens it: the popover then stays placed by its button.
    if (!open) event.currentTarget.click()
  }

  const menuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
      return
    }
    // Tab leaves from the button, so focus goes on to what follows it (or precedes it).
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
        className="icon-button row-more"
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
