import { startTransition, useEffect, useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import { WINDOW_MIN_ROWS } from './listWindow'
import { TaskRows } from './TaskRows'
import { selectListAvailability, selectTaskIds } from './tasksSlice'

const EMPTY_MESSAGES = {
  empty: 'No tasks have been added yet',
  pending: 'Loading your tasks…',
  failed: 'Your tasks cannot be reached right now. Trying again…',
}

/** Rows drawn at once when a list first appears: more than a tall screen holds. */
const FIRST_ROWS = 30

export function TaskList() {
  const ids = useAppSelector(selectTaskIds)
  const availability = useAppSelector(selectListAvailability)
  // When a list of some length first appears (kept on the device, or the server's answer), the
  // rows a screen shows are drawn at once and the others in a background render that yields to
  // input, instead of in one long task on a slow phone. From then on every change is drawn at
  // once. Lists long enough to be windowed draw about as few rows anyway.
  const [firstFill, setFirstFill] = useState<'waiting' | 'partial' | 'done'>('waiting')
  if (firstFill === 'waiting' && ids.length > 0) {
    const partial = ids.length > FIRST_ROWS && ids.length <= WINDOW_MIN_ROWS
    setFirstFill(partial ? 'partial' : 'done')
  }
  const partial = firstFill === 'partial'
  useEffect(() => {
    if (!partial) return
    startTransition(() => {
      setFirstFill('done')
    })
  }, [partial])

  if (ids.length === 0) {
    return (
      <p className="empty" role="status">
        {EMPTY_MESSAGES[availability]}
      </p>
    )
  }

  return <TaskRows ids={partial ? ids.slice(0, FIRST_ROWS) : ids} />
}
