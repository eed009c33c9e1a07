import type { ReactNode } from 'react'
import { TasksPage } from '../features/tasks/TasksPage'

/** The one screen: the header with the account widget, then the task list page. */
export function App({ accountWidget }: { accountWidget?: ReactNode }) {
  return (
    <>
      <header className="app-header">
        <h1>To-do</h1>
        <div className="account">{accountWidget}</div>
      </header>
      <TasksPage />
    </>
  )
}
