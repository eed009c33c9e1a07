import type { ReactNode } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { importDismissed, selectDeletedAccount, selectImport } from './accountSlice'
import { DISMISS, importLine } from './importWords'
import { ACCOUNT_DELETED, ACCOUNT_LEFT } from './words'
import { selectServerMayAnswer } from '../tasks'

/** What the account line says of the last import (with `undo`), or of a deleted account. */
export function ImportStatus({ undo }: { undo: ReactNode }) {
  const dispatch = useAppDispatch()
  const imported = useAppSelector(selectImport)
  const deleted = useAppSelector(selectDeletedAccount)
  const offline = !useAppSelector(selectServerMayAnswer)
  if (deleted) return <span>{deleted === 'all' ? ACCOUNT_DELETED : ACCOUNT_LEFT}</span>
  if (!imported) return null
  return (
    <span className="account-line-content">
      {importLine(imported, offline)} {!imported.undone && undo}{' '}
      <button
        type="button"
        onClick={() => {
          dispatch(importDismissed())
        }}
      >
        {DISMISS}
      </button>
    </span>
  )
}
