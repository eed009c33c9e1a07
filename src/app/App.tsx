import { AccountStatus, Settings } from '../features/account'
import { AccountWidget } from '../features/auth'
import { SyncStatus } from '../features/tasks'
import { UndoImport } from '../features/undo'
import { TasksPage } from './TasksPage'

export function App() {
  return (
    <>
      <header className="app-header">
        <h1>To-do</h1>
        <AccountWidget settings={<Settings />} />
      </header>
      <AccountStatus undo={<UndoImport />} />
      <TasksPage status={<SyncStatus />} />
    </>
  )
}
