import { useAppSelector, useAppDispatch } from '../../../app/hooks'
import { selectAccountClosing, selectChangesInMemory, selectSyncMessage } from './syncSlice'
import { discardChanges, retryChanges } from '../model/commands'
import { named, refusalReason, selectUnsavedDeletes } from './unsaved'

/** Always in the page, so screen readers know it before it speaks; never an alert. */
export function SyncStatus() {
  const message = useAppSelector(selectSyncMessage)
  // Not said before a moment has passed (no flicker at each click); the tests read it at once.
  const inMemory = useAppSelector(selectChangesInMemory)
  return (
    <p className="sync-status" role="status" data-in-memory={inMemory || undefined}>
      {message}
    </p>
  )
}

const focusInput = () => document.getElementById('new-task')?.focus()
/** Refused deletes' rows have gone, so this line says so until the person chooses, or reloads. */
export function UnsavedDeletes() {
  const { ids, latest } = useAppSelector(selectUnsavedDeletes)
  const closing = useAppSelector(selectAccountClosing)
  const dispatch = useAppDispatch()
  const what = ids.length === 1 && latest ? named(latest.text) : `${String(ids.length)} tasks`
  return (
    <div className="unsaved-deletes" role="status">
      {latest && (
        <span className="unsaved-deletes-content">
          {`Not saved: deleting ${what}: ${refusalReason('delete', latest.code, closing)}.`}{' '}
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
                dispatch(discardChanges(ids))
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
