import { useEffect, useId, useRef, type ReactNode } from 'react'

/**
 * A modal dialog of the account feature, open while mounted: titled `title`, its content and
 * actions in `children`. Escape closes it, unless `busy` (a deletion under way cannot be left).
 */
export function AccountDialog({
  title,
  busy = false,
  onClosed,
  children,
}: {
  title: string
  busy?: boolean
  /** Called once it has closed, however it was closed. */
  onClosed: () => void
  children: ReactNode
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  return (
    <dialog
      ref={dialogRef}
      className="dialog account-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        if (busy) event.preventDefault()
      }}
      onClose={onClosed}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  )
}

/** Closes the dialog a button is in (its `close` event then tells the owner). */
export const closeDialogOf = (element: HTMLElement) => {
  element.closest('dialog')?.close()
}
