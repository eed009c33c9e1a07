import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { RememberedOrNot, useFirstPaint } from '../../auth'
import { selectListAvailability, tasksLoadRetried } from '../model/tasksSlice'

export const EMPTY_MESSAGES = {
  empty: 'No tasks have been added yet',
  pending: 'Loading your tasks…',
  late: 'Your tasks have not arrived yet.',
  failed: 'Your tasks cannot be reached right now. Trying again…',
}

/** 'No tasks have been added yet' only once the list is known. */
export function EmptyList() {
  const availability = useAppSelector(selectListAvailability)
  const dispatch = useAppDispatch()
  // Only index.html's head script knows whether the user is remembered.
  const firstPaint = useFirstPaint()
  const retry = availability === 'late' || availability === 'failed'
  return (
    <div className="empty">
      <p role="status">
        {firstPaint ? (
          <RememberedOrNot remembered={EMPTY_MESSAGES.pending} forgotten={EMPTY_MESSAGES.empty} />
        ) : (
          EMPTY_MESSAGES[availability]
        )}
      </p>
      {retry && (
        <button type="button" onClick={() => dispatch(tasksLoadRetried())}>
          Retry
        </button>
      )}
    </div>
  )
}
