import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from 'react'

/** Open while mounted; Escape closes it unless `busy` (a deletion cannot be left). */
export function AccountDialog({
  title,
  busy = false,
  onClosed,
  children,
}: {
  title: string
  busy?: boolean
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

export const closeDialogOf = (element: HTMLElement) => {
  element.closest('dialog')?.close()
}

/** Close or Cancel: the dialog's `close` event then tells its owner. */
export function CloseButton(props: Omit<ComponentProps<'button'>, 'type' | 'onClick'>) {
  return (
    <button
      type="button"
      {...props}
      onClick={(event) => {
        closeDialogOf(event.currentTarget)
      }}
    />
  )
}
