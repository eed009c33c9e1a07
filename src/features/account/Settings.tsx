import './settings.css'
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react'
import { useAppSelector } from '../../app/hooks'

// In the first render: only this button. The menu, its dialogs, the file formats and the CSV
// library come in a chunk of their own on first use (pointing at the button fetches it early).
const loadMenu = () => import('./AccountMenu')
const AccountMenu = lazy(loadMenu)

/**
 * The Settings menu button, beside the account widget while someone is signed in: Enter, Space
 * or ArrowDown open the menu on its first item, ArrowUp on its last.
 */
export function Settings() {
  const [open, setOpen] = useState<'first' | 'last' | null>(null)
  const [used, setUsed] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const show = (focus: 'first' | 'last') => {
    setUsed(true)
    setOpen(focus)
  }
  const close = useCallback(() => {
    setOpen(null)
  }, [])
  return (
    <span className="settings">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open !== null ? menuId : undefined}
        onPointerEnter={() => void loadMenu()}
        onClick={() => {
          if (open) close()
          else show('first')
        }}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
          event.preventDefault()
          show(event.key === 'ArrowUp' ? 'last' : 'first')
        }}
      >
        Settings
      </button>
      {used && (
        <Suspense fallback={null}>
          <AccountMenu menuId={menuId} buttonRef={buttonRef} open={open} onClose={close} />
        </Suspense>
      )}
    </span>
  )
}

const ImportStatus = lazy(() =>
  import('./ImportStatus').then(({ ImportStatus: component }) => ({ default: component })),
)

/**
 * The account's line below the header: an import's progress and its Undo, or that the account
 * was deleted. One polite live region, always in the page, silent and taking no room until the
 * account feature (loaded on first use of Settings) has something to say.
 */
export function AccountStatus() {
  const loaded = useAppSelector((state) => state.account !== undefined)
  return (
    <div className="account-line" role="status">
      {loaded && (
        <Suspense fallback={null}>
          <ImportStatus />
        </Suspense>
      )}
    </div>
  )
}
