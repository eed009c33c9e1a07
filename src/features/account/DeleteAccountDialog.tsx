import { useState } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectCurrentUser } from '../auth'
import { selectLists } from '../lists'
import { selectAllTasks } from '../tasks'
import { AccountDialog, CloseButton } from './AccountDialog'
import {
  accountDeletionConfirmed,
  deletionClosed,
  deletionSignInClicked,
  selectDeletion,
} from './accountSlice'
import { downloadJson } from './ExportDialog'
import { CANCEL, CLOSE, DELETE, deletionText, downloaded, MENU } from './words'

/** Once done the person is signed out, and the dialog goes with the Settings menu. */
export function DeleteAccountDialog({ onClosed }: { onClosed: () => void }) {
  const dispatch = useAppDispatch()
  const deletion = useAppSelector(selectDeletion)
  const list = useAppSelector(selectAllTasks)
  const lists = useAppSelector(selectLists)
  const email = useAppSelector(selectCurrentUser)?.email ?? ''
  const [exported, setExported] = useState<string | null>(null)
  const { phase } = deletion
  const busy = phase === 'checking' || phase === 'deletingTasks' || phase === 'deletingAccount'
  return (
    <AccountDialog
      title={MENU.delete}
      busy={busy}
      onClosed={() => {
        dispatch(deletionClosed())
        onClosed()
      }}
    >
      <p role="status">{deletionText(deletion, list.length, email)}</p>
      {phase === 'idle' && (
        <p className="account-note">{exported ? downloaded(exported) : DELETE.exportNote}</p>
      )}
      <div className="dialog-actions">
        <CloseButton disabled={busy}>{phase === 'stopped' ? CLOSE : CANCEL}</CloseButton>
        {phase === 'idle' && (
          <button
            type="button"
            onClick={() => {
              setExported(downloadJson(list, lists))
            }}
          >
            {DELETE.exportFirst}
          </button>
        )}
        {phase === 'signInNeeded' ? (
          <button
            type="button"
            className="primary"
            onClick={() => dispatch(deletionSignInClicked())}
          >
            {DELETE.signInAgain}
          </button>
        ) : (
          <button
            type="button"
            className="danger-action"
            disabled={busy}
            onClick={() => dispatch(accountDeletionConfirmed())}
          >
            {phase === 'stopped' ? DELETE.tryAgain : MENU.delete}
          </button>
        )}
      </div>
    </AccountDialog>
  )
}
