import { useAppSelector, useAppDispatch } from '../../../app/hooks'
import { selectSyncMessage } from './syncSlice'
import { retryChanges } from '../model/commands'
import { unsavedChangesDiscarded } from '../model/tasksSlice'
import { named, refusalReason, selectUnsavedDeletes } from './unsaved'

/**
 * Whether this device's changes have reached the server, in one quiet line: nothing while all
 * is saved. One polite live region, always in the page (so screen readers know it before it
 * speaks), never an alert; it takes no room while silent.
 */
export function SyncStatus() {
  const message = useAppSelector(selectSyncMessage)
  return (
    <p className="sync-status" role="status">
      {message}
    </p>
  )
}

const focusInput = () => document.getElementById('new-task')?.focus()

/**
 * Deletes the server refused (one, or a Clear finished): their rows have gone, so this line
 * below the list says so, with Retry (delete again) and Discard (show them as the server holds
 * them). A polite status, never an alert; it stays until the person chooses, or reloads.
 */
export function UnsavedDeletes() {
  const { ids, latest } = useAppSelector(selectUnsavedDeletes)
  const dispatch = useAppDispatch()
  const what = ids.length === 1 && latest ? named(latest.text) : `${String(ids.length)} tasks`
  return (
    <div className="unsaved-deletes" role="status">
      {latest && (
        <span className="unsaved-deletes-content">
          {`Not saved: deleting ${what}: ${refusalReason('delete', latest.code)}.`}{' '}
          <span className="unsaved-deletes-actions">
            <button
              type="button"
              onClick={() => {
                focusInput()
                dispatch(retryChanges(ids))
              }}
            >
              Retry
            </button>
            <button
              type="button"
              onClick={() => {
                focusInput()
                dispatch(unsavedChangesDiscarded(ids))
              }}
            >
              Discard
            </button>
          </span>
        </span>
      )}
    </div>
  )
}
