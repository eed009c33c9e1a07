import { useState } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectCurrentUser } from '../auth'
import { selectAllTasks } from '../tasks'
import { AccountDialog, CloseButton } from './AccountDialog'
import {
  accountDeletionConfirmed,
  deletionClosed,
  deletionSignInClicked,
  selectDeletion,
} from './accountSlice'
import { downloadJson } from './ExportDialog'
import { deletionText } from './words'

/** Once done the person is signed out, and the dialog goes with the Settings menu. */
export function DeleteAccountDialog({ onClosed }: { onClosed: () => void }) {
  const dispatch = useAppDispatch()
  const deletion = useAppSelector(selectDeletion)
  const list = useAppSelector(selectAllTasks)
  const email = useAppSelector(selectCurrentUser)?.email ?? ''
  const [exported, setExported] = useState<string | null>(null)
  const { phase } = deletion
  const busy = phase === 'checking' || phase === 'deletingTasks' || phase === 'deletingAccount'
  return (
    <AccountDialog
      title="Delete account"
      busy={busy}
      onClosed={() => {
        dispatch(deletionClosed())
        onClosed()
      }}
    >
      <p role="status">{deletionText(deletion, list.length, email)}</p>
      {phase === 'idle' && (
        <p className="account-note">
          {exported ? `Downloaded ${exported}.` : 'Export them first to keep a copy.'}
        </p>
      )}
      <div className="dialog-actions">
        <CloseButton disabled={busy}>{phase === 'stopped' ? 'Close' : 'Cancel'}</CloseButton>
        {phase === 'idle' && (
          <button
            type="button"
            onClick={() => {
              setExported(downloadJson(list))
            }}
          >
            Export first
          </button>
        )}
        {phase === 'signInNeeded' ? (
          <button
            type="button"
            className="primary"
            onClick={() => dispatch(deletionSignInClicked())}
          >
            Sign in again
          </button>
        ) : (
          <button
            type="button"
            className="danger-action"
            disabled={busy}
            onClick={() => dispatch(accountDeletionConfirmed())}
          >
            {phase === 'stopped' ? 'Try again' : 'Delete account'}
          </button>
        )}
      </div>
    </AccountDialog>
  )
}
