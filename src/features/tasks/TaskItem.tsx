import { memo, useRef, useState } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { EditTaskDialog } from './EditTaskDialog'
import {
  selectTaskById,
  taskDeleted,
  taskMarkedDone,
  taskMarkedIncomplete,
  taskTextSaved,
} from './tasksSlice'

interface TaskItemProps {
  id: string
  /** When the list is windowed: the row's place and the list's length, for assistive tech. */
  posInSet?: number
  setSize?: number
}

/** One row. It selects its own task, so a change to one task re-renders one row. */
export const TaskItem = memo(function TaskItem({ id, posInSet, setSize }: TaskItemProps) {
  const task = useAppSelector((state) => selectTaskById(state, id))
  const dispatch = useAppDispatch()
  const [editing, setEditing] = useState(false)
  const editButtonRef = useRef<HTMLButtonElement>(null)

  // A row can outlive its task for one render while the list catches up.
  if (task === undefined) return null

  const toggleTitle = task.isFinished ? 'Mark as incomplete' : 'Mark as complete'

  return (
    <li
      className={task.isFinished ? 'task finished' : 'task'}
      data-task-id={id}
      aria-posinset={posInSet}
      aria-setsize={setSize}
    >
      <button
        type="button"
        className="toggle"
        title={toggleTitle}
        aria-label={toggleTitle}
        onClick={() => {
          dispatch(task.isFinished ? taskMarkedIncomplete(id) : taskMarkedDone(id))
        }}
      />
      <span className="task-text" dir="auto">
        {task.task}
      </span>
      <button
        ref={editButtonRef}
        type="button"
        onClick={() => {
          setEditing(true)
        }}
      >
        Edit
      </button>
      <button
        type="button"
        className="danger"
        onClick={() => {
          dispatch(taskDeleted(id))
        }}
      >
        Delete
      </button>
      {editing && (
        <EditTaskDialog
          text={task.task}
          onSave={(text) => {
            if (text !== task.task) dispatch(taskTextSaved({ id, task: text }))
          }}
          onClosed={() => {
            setEditing(false)
            editButtonRef.current?.focus()
          }}
        />
      )}
    </li>
  )
})
