import { useAppSelector } from '../../../app/hooks'
import { selectSyncMessage } from './syncSlice'

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
