import { AccountWidget } from '../features/auth/AccountWidget'
import { SyncStatus } from '../features/sync/SyncStatus'
import { TasksPage } from '../features/tasks/TasksPage'

/** The one screen: the header with the account widget, then the task list page. */
export function App() {
  return (
    <>
      <header className="app-header">
        <h1>To-do</h1>
        <AccountWidget />
      </header>
      <TasksPage status={<SyncStatus />} />
    </>
  )
}
