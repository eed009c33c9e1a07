import { useAppSelector } from '../../app/hooks'
import { TaskRows } from './TaskRows'
import { selectListAvailability, selectTaskIds } from './tasksSlice'

const EMPTY_MESSAGES = {
  empty: 'No tasks have been added yet',
  pending: 'Loading your tasks…',
  failed: 'Your tasks cannot be reached right now. Trying again…',
}

export function TaskList() {
  const ids = useAppSelector(selectTaskIds)
  const availability = useAppSelector(selectListAvailability)

  if (ids.length === 0) {
    return (
      <p className="empty" role="status">
        {EMPTY_MESSAGES[availability]}
      </p>
    )
  }

  return <TaskRows ids={ids} />
}
