/**
 * The benchmark's reference: the original app's list design, kept only to compare against.
 * One `useState` array, copied on every change; rows are plain (unmemoized) components with
 * inline handlers, keyed by id, so every change re-renders every row and React moves DOM rows
 * as keyed lists do. Markup and CSS are the app's (its style sheets, the same row structure
 * with Edit and Delete in the row, and the app's EditTaskDialog); the tasks come from `tasks.json`, written by the benchmark.
 */
import { useEffect, useState, type SubmitEvent } from 'react'
import { EditTaskDialog } from '../../src/features/tasks/ui/EditTaskDialog'

interface Task {
  id: string
  task: string
  isFinished: boolean
  email: string
  order: number
}

let added = 0

const Icon = ({ path }: { path: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={path} />
  </svg>
)
const PENCIL = 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4'
const BIN = 'M4 7h16M10 7V4h4v3M6 7l1 13h10l1-13M10 11v5M14 11v5'

function NaiveRow({
  task,
  onToggle,
  onSave,
  onDelete,
}: {
  task: Task
  onToggle: () => void
  onSave: (text: string) => void
  onDelete: () => void
}) {
  const [editing, setEditing] = useState(false)
  const toggleTitle = task.isFinished ? 'Mark as incomplete' : 'Mark as complete'
  return (
    <li className={task.isFinished ? 'task finished' : 'task'}>
      <button
        type="button"
        className="toggle"
        title={toggleTitle}
        aria-label={toggleTitle}
        onClick={onToggle}
      />
      <span className="task-text" dir="auto">
        {task.task}
      </span>
      <span className="row-actions">
        <button
          type="button"
          className="icon-button"
          data-control="edit"
          title="Edit"
          onClick={() => {
            setEditing(true)
          }}
        >
          <Icon path={PENCIL} />
          <span className="button-label">Edit</span>
        </button>
        <button
          type="button"
          className="icon-button danger"
          data-control="delete"
          title="Delete"
          onClick={onDelete}
        >
          <Icon path={BIN} />
          <span className="button-label">Delete</span>
        </button>
      </span>
      {editing && (
        <EditTaskDialog
          text={task.task}
          onSave={onSave}
          onClosed={() => {
            setEditing(false)
          }}
        />
      )}
    </li>
  )
}

export function NaiveApp() {
  const [tasks, setTasks] = useState<Task[]>([])
  const [draft, setDraft] = useState('')

  useEffect(() => {
    void fetch('./tasks.json')
      .then((response) => response.json() as Promise<Task[]>)
      .then((loaded) => {
        setTasks([...loaded].sort((a, b) => a.order - b.order))
      })
  }, [])

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = draft.trim()
    if (!text) return
    added++
    const task = {
      id: `naive-${String(added)}`,
      task: text,
      isFinished: false,
      email: '',
      order: 0,
    }
    // After the last open task, as the app does.
    const lastOpen = tasks.findLastIndex((t) => !t.isFinished)
    setTasks([...tasks.slice(0, lastOpen + 1), task, ...tasks.slice(lastOpen + 1)])
    setDraft('')
  }

  const toggle = (task: Task) => {
    const others = tasks.filter((t) => t.id !== task.id)
    setTasks(
      task.isFinished
        ? [{ ...task, isFinished: false }, ...others]
        : [...others, { ...task, isFinished: true }],
    )
  }

  return (
    <>
      <header className="app-header">
        <h1>To-do</h1>
      </header>
      <main className="tasks-page">
        <form className="task-form" onSubmit={handleSubmit}>
          <label htmlFor="new-task" className="visually-hidden">
            New task
          </label>
          <input
            id="new-task"
            type="text"
            placeholder="Write your task here"
            autoComplete="off"
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value)
            }}
          />
          <button type="submit">Add Task</button>
        </form>
        {tasks.length === 0 ? (
          <p className="empty" role="status">
            No tasks have been added yet
          </p>
        ) : (
          <ul className="task-list" aria-label="Tasks">
            {tasks.map((task) => (
              <NaiveRow
                key={task.id}
                task={task}
                onToggle={() => {
                  toggle(task)
                }}
                onSave={(text) => {
                  setTasks(tasks.map((t) => (t.id === task.id ? { ...t, task: text } : t)))
                }}
                onDelete={() => {
                  setTasks(tasks.filter((t) => t.id !== task.id))
                }}
              />
            ))}
          </ul>
        )}
      </main>
    </>
  )
}
