import { original } from '@reduxjs/toolkit'
import type { Task } from '../../../services/types'
import { idsWithout, taskIn, withPlaced, type Placement } from './ordering'
import { EMPTY_TABLE, tableWith, type TaskTable } from './taskTable'
import { without, type Unsaved } from '../saving/unsaved'

// The tasks slice's state, and what its click reducers share (tasksSlice.ts).

export interface TasksState {
  /** The ids in list order (ordering.ts): open before finished, by order, by rank, by id. */
  ids: string[]
  /** The tasks by id (taskTable.ts). */
  table: TaskTable
  /**
   * `loaded` once the list is known: the server has answered, or the device's cache holds some
   * of it. `cached`: only an empty answer from the cache, which on a device that never had the
   * list is not an empty list.
   */
  status: 'idle' | 'loading' | 'cached' | 'loaded' | 'failed'
  /** The list has taken long to come: the page offers Retry. */
  late: boolean
  /** Whose tasks the list holds or is loading. */
  owner: string | null
  /** Changes the server refused, by task, kept as the person left them until they choose. */
  unsaved: Record<string, Unsaved>
  /** Refusals counted, so the latest is known. */
  refusals: number
}

export const initialState: TasksState = {
  ids: [],
  table: EMPTY_TABLE,
  status: 'idle',
  late: false,
  owner: null,
  unsaved: {},
  refusals: 0,
}

// The reducers that change the list read the state as it was (`original`) and return the new
// one: at 5,000 tasks, letting Immer draft and finish the task table costs more than a frame
// allows (docs/performance.md).
export const base = (state: TasksState): TasksState => original<TasksState>(state)

/** A new state, frozen as Immer leaves one: Immer then skips its walk over every task. */
export const frozen = (list: TasksState): TasksState => {
  Object.freeze(list.ids)
  return Object.freeze(list)
}

export const withTask = (list: TasksState, task: Task) =>
  frozen(withPlaced(list, Object.freeze(task)))

/** A task placed as a click said, in the region of `isFinished`; unknown ids change nothing. */
export function move(state: TasksState, { id, order, rank }: Placed, isFinished?: boolean) {
  const list = base(state)
  const task = taskIn(list, id)
  if (task === undefined) return list
  // A rank of null: the order alone places it; its rank, if any, stays (as on the server).
  return withTask(list, {
    ...task,
    isFinished: isFinished ?? task.isFinished,
    order,
    rank: rank ?? task.rank,
  })
}

/** Where a click put a task. */
export type Placed = Placement & { id: string }

/** The list without `ids`; a change refused earlier for them goes with them. */
export function removed(state: TasksState, ids: ReadonlySet<string>) {
  const list = base(state)
  const gone = new Set([...ids].filter((id) => taskIn(list, id)))
  if (gone.size === 0) return list
  const left = idsWithout(list, gone)
  const table = tableWith(list.table, [], gone)
  return frozen({ ...list, table, ids: left, unsaved: without(list.unsaved, ids) })
}
