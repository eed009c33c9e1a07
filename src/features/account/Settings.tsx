import './settings.css'
import { lazy, Suspense, useCallback, useId, useRef, useState, type ReactNode } from 'react'
import { useAppSelector } from '../../app/hooks'

// A chunk of its own, fetched on pointing at the button.
const loadMenu = () => import('./AccountMenu')
const AccountMenu = lazy(loadMenu)

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

/** One live region, always in the page so it is heard, silent until the account loads. */
export function AccountStatus({ undo }: { undo: ReactNode }) {
  const loaded = useAppSelector((state) => state.account !== undefined)
  return (
    <div className="account-line" role="status">
      {loaded && (
        <Suspense fallback={null}>
          <ImportStatus undo={undo} />
        </Suspense>
      )}
    </div>
  )
}
