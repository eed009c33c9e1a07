import type { ReactNode } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { importDismissed, selectDeletedAccount, selectImport } from './accountSlice'
import { ACCOUNT_DELETED, ACCOUNT_LEFT, count, tasks } from './words'
import { selectServerMayAnswer } from '../tasks'

/** What the account line says of the last import (with `undo`), or of a deleted account. */
export function ImportStatus({ undo }: { undo: ReactNode }) {
  const dispatch = useAppDispatch()
  const imported = useAppSelector(selectImport)
  const deleted = useAppSelector(selectDeletedAccount)
  const offline = !useAppSelector(selectServerMayAnswer)
  if (deleted) return <span>{deleted === 'all' ? ACCOUNT_DELETED : ACCOUNT_LEFT}</span>
  if (!imported) return null
  const { total } = imported
  const settled = imported.saved + imported.refused
  let said = `Imported ${tasks(total)}.`
  // Undone while it was being added: only those added so far were.
  if (imported.undone) said = `Import undone: ${tasks(imported.added)} removed.`
  else if (settled < total) {
    said = offline
      ? `Imported ${tasks(total)}. Offline: they are kept on this device and will be sent.`
      : `Importing ${tasks(total)}: ${count(imported.saved)} saved…`
  } else if (imported.refused > 0) {
    said = `Imported ${tasks(total)}; ${count(imported.refused)} were not saved.`
  }
  return (
    <span className="account-line-content">
      {said} {!imported.undone && undo}{' '}
      <button
        type="button"
        onClick={() => {
          dispatch(importDismissed())
        }}
      >
        Dismiss
      </button>
    </span>
  )
}
