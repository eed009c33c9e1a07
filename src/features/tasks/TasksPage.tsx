import './tasks.css'
import { useState, type ReactNode } from 'react'
import { TaskForm } from './TaskForm'
import { TaskList } from './TaskList'
import type { Reveal } from './list/useReveal'

/** The form, the list and, below it, `status`: what is said about saving. */
export function TasksPage({ status }: { status?: ReactNode }) {
  const [added, setAdded] = useState<Reveal | null>(null)
  // What a screen reader hears once after an add or an edit, politely: what happened.
  const [said, setSaid] = useState<{ text: string; count: number } | null>(null)
  const say = (text: string) => {
    setSaid((previous) => ({ text, count: (previous?.count ?? 0) + 1 }))
  }
  return (
    <main className="tasks-page">
      <TaskForm
        onAdded={(id, text) => {
          setAdded((previous) => ({ id, count: (previous?.count ?? 0) + 1 }))
          say(`Added: ${text}`)
        }}
      />
      {/* A new element each time, so the same words are said again. */}
      <p className="visually-hidden" role="status">
        {said && <span key={said.count}>{said.text}</span>}
      </p>
      <TaskList
        reveal={added}
        status={status}
        onSaved={() => {
          say('Saved')
        }}
      />
    </main>
  )
}
