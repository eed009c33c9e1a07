import { useAppSelector } from '../../app/hooks'
import { TaskItem } from './TaskItem'
import { selectTaskIds } from './tasksSlice'

export function TaskList() {
  const ids = useAppSelector(selectTaskIds)

  if (ids.length === 0) return <p className="empty">No tasks have been added yet</p>

  return (
    <ul className="task-list" aria-label="Tasks">
      {ids.map((id) => (
        <TaskItem key={id} id={id} />
      ))}
    </ul>
  )
}
