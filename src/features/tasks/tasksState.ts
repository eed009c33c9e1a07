/** The tasks state: its shape, and the lookups and placing its reducers share. */
import type { Task } from '../../services/types'
import { compareTasks } from './ordering'

export type TasksStatus = 'idle' | 'loading' | 'loaded' | 'failed'

interface TasksListState {
  status: TasksStatus
  /** The e-mail whose tasks the list holds or is loading. */
  owner: string | null
}

/** The ids array is the list, in display order; `order` is what reproduces it after a load. */
export interface TasksState extends TasksListState {
  ids: string[]
  entities: Record<string, Task>
}

export const initialTasksState: TasksState = { ids: [], entities: {}, status: 'idle', owner: null }

export const othersInOrder = (state: TasksState, id: string): Task[] =>
  state.ids.flatMap((other) => {
    const task = state.entities[other]
    return other === id || task === undefined ? [] : [task]
  })

/** The task with this id; ids such as `constructor` are not found on the table's prototype. */
export const taskOf = (state: TasksState, id: string): Task | undefined =>
  Object.hasOwn(state.entities, id) ? state.entities[id] : undefined

/** The ids of `others` (in order) with `task` placed where its order sorts it. */
function placed(others: readonly Task[], task: Task): string[] {
  const ids = others.map((other) => other.id)
  let index = others.length
  while (index > 0) {
    const before = others[index - 1]
    if (before === undefined || compareTasks(before, task) <= 0) break
    index--
  }
  ids.splice(index, 0, task.id)
  return ids
}

/** `state` with `task` (new or changed) stored and placed where its order sorts it. */
export const withTask = (state: TasksState, task: Task, others: readonly Task[]): TasksState => ({
  ...state,
  entities: { ...state.entities, [task.id]: task },
  ids: placed(others, task),
})

/** `state` holding exactly `tasks`, in list order. */
export function withAll(state: TasksState, tasks: Iterable<Task>): TasksState {
  const entities: Record<string, Task> = {}
  for (const task of tasks) entities[task.id] = task
  const ids = Object.values(entities)
    .sort(compareTasks)
    .map((task) => task.id)
  return { ...state, entities, ids }
}
