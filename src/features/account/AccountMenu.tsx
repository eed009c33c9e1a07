import './account.css'
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react'
import { useAppStore } from '../../app/hooks'
import { selectLists } from '../lists'
import { selectAllTasks } from '../tasks'
import { DeleteAccountDialog } from './DeleteAccountDialog'
import { ExportDialog } from './ExportDialog'
import { parseImport, sizeProblem } from './formats/parseImport'
import { previewImport } from './formats/preview'
import { ImportDialog, type ImportReading } from './ImportDialog'
import { installAccount } from './install'
import { nextItem } from '../../lib/helpers'
import { MENU } from './words'

type Opened = { kind: 'export' } | { kind: 'delete' } | { kind: 'import'; reading: ImportReading }

type Existing = Parameters<typeof previewImport>[1]
type Lists = Parameters<typeof previewImport>[3]

async function read(file: File, list: Existing, lists: Lists): Promise<ImportReading> {
  const tooLarge = sizeProblem(file.size)
  if (tooLarge) return { name: file.name, ok: false, problem: tooLarge }
  const parsed = await parseImport(file.name, await file.text())
  if (!parsed.ok) return { name: file.name, ok: false, problem: parsed.problem }
  return {
    name: file.name,
    ok: true,
    format: parsed.format,
    preview: await previewImport(parsed, list, undefined, lists),
  }
}

/** The Settings menu (the ARIA menu pattern) and the dialogs and file picker its items open. */
export default function AccountMenu({
  menuId,
  buttonRef,
  open,
  onClose,
}: {
  menuId: string
  buttonRef: RefObject<HTMLButtonElement | null>
  /** Which item gets focus; null: closed. */
  open: 'first' | 'last' | null
  onClose: () => void
}) {
  const store = useAppStore()
  const menuRef = useRef<HTMLDivElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const [opened, setOpened] = useState<Opened | null>(null)
  useEffect(() => {
    installAccount(store)
  }, [store])
  useLayoutEffect(() => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
    if (open) (open === 'last' ? items.at(-1) : items[0])?.focus()
  }, [open])
  // A click anywhere else closes it, leaving focus where the click put it.
  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) onClose()
    }
    document.addEventListener('pointerdown', outside)
    return () => {
      document.removeEventListener('pointerdown', outside)
    }
  }, [open, onClose, buttonRef])
  const backToButton = () => {
    onClose()
    buttonRef.current?.focus()
  }
  const choose = (next: Opened['kind']) => {
    backToButton()
    if (next === 'import') fileRef.current?.click()
    else setOpened({ kind: next })
  }
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Tab leaves from the button, so focus goes on to what follows it (or precedes it).
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault()
      backToButton()
      return
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')]
    const next = nextItem(items, items.indexOf(event.target as HTMLElement), event.key)
    if (next === -1) return
    event.preventDefault()
    items[next]?.focus()
  }
  const item = (kind: Opened['kind'], label: string) => (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      onClick={() => {
        choose(kind)
      }}
    >
      {label}
    </button>
  )
  const closed = () => {
    setOpened(null)
    buttonRef.current?.focus()
  }
  return (
    <>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-label={MENU.name}
          className="settings-menu"
          onKeyDown={keyDown}
        >
          {item('export', MENU.export)}
          {item('import', MENU.import)}
          {item('delete', MENU.delete)}
        </div>
      )}
      <input
        ref={fileRef}
        type="file"
        accept=".json,.csv,application/json,text/csv"
        hidden
        aria-label={MENU.file}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          event.currentTarget.value = ''
          if (!file) return
          const state = store.getState()
          void read(file, selectAllTasks(state), selectLists(state)).then((reading) => {
            setOpened({ kind: 'import', reading })
          })
        }}
      />
      {opened?.kind === 'export' && <ExportDialog onClosed={closed} />}
      {opened?.kind === 'delete' && <DeleteAccountDialog onClosed={closed} />}
      {opened?.kind === 'import' && <ImportDialog reading={opened.reading} onClosed={closed} />}
    </>
  )
}
