import { AccountStatus } from '../features/account/AccountStatus'
import { Settings } from '../features/account/Settings'
import { AccountWidget } from '../features/auth/AccountWidget'
import { SyncStatus } from '../features/sync/SyncStatus'
import { TasksPage } from '../features/tasks/TasksPage'

/**
 * The one screen: the header with the account widget (and Settings beside it once signed in),
 * the account's line, then the task list page.
 */
export function App() {
  return (
    <>
      <header className="app-header">
        <h1>To-do</h1>
        <AccountWidget settings={<Settings />} />
      </header>
      <AccountStatus />
      <TasksPage status={<SyncStatus />} />
    </>
  )
}
