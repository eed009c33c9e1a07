import { TaskForm } from './TaskForm'
import { TaskList } from './TaskList'

export function TasksPage() {
  return (
    <main className="tasks-page">
      <TaskForm />
      <TaskList />
    </main>
  )
}
