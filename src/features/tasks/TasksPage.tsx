import { useState, type ReactNode } from 'react'
import { useAppSelector } from '../../app/hooks'
import { TaskForm } from './TaskForm'
import { TaskList } from './TaskList'
import { selectTaskById } from './tasksSlice'
import type { Reveal } from './list/useReveal'

/** The form, the list and, below it, `status`: what is said about saving. */
export function TasksPage({ status }: { status?: ReactNode }) {
  const [added, setAdded] = useState<Reveal | null>(null)
  const addedText = useAppSelector((state) =>
    added === null ? undefined : selectTaskById(state, added.id)?.task,
  )
  return (
    <main className="tasks-page">
      <TaskForm
        onAdded={(id) => {
          setAdded((previous) => ({ id, count: (previous?.count ?? 0) + 1 }))
        }}
      />
      {/* Said once for each add (a new element each time), politely. */}
      <p className="visually-hidden" role="status">
        {added && addedText !== undefined && <span key={added.count}>Added: {addedText}</span>}
      </p>
      <TaskList reveal={added} status={status} />
    </main>
  )
}
