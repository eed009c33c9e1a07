import { original } from '@reduxjs/toolkit'
import type { Task } from '../../../services/types'
import { idsWithout, taskIn, withPlaced, type Placement } from './ordering'
import { EMPTY_TABLE, tableWith, type TaskTable } from './taskTable'
import { without, type Unsaved } from '../saving/unsaved'

export interface TasksState {
  ids: string[]
  table: TaskTable
  /** `cached`: only an empty answer from the cache, which is not yet an empty list. */
  status: 'idle' | 'loading' | 'cached' | 'loaded' | 'failed'
  late: boolean
  owner: string | null
  unsaved: Record<string, Unsaved>
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

// At 5,000 tasks, Immer drafting the table costs more than a frame: reducers read `original`.
export const base = (state: TasksState): TasksState => original<TasksState>(state)

/** Frozen as Immer leaves one: Immer then skips its walk over every task. */
export const frozen = (list: TasksState): TasksState => {
  Object.freeze(list.ids)
  return Object.freeze(list)
}

export const withTask = (list: TasksState, task: Task) =>
  frozen(withPlaced(list, Object.freeze(task)))

export function move(state: TasksState, { id, order, rank }: Placed, isFinished?: boolean) {
  const list = base(state)
  const task = taskIn(list, id)
  if (task === undefined) return list
  // A null rank leaves the stored one, as on the server.
  return withTask(list, {
    ...task,
    isFinished: isFinished ?? task.isFinished,
    order,
    rank: rank ?? task.rank,
  })
}

export type Placed = Placement & { id: string }

export function removed(state: TasksState, ids: ReadonlySet<string>) {
  const list = base(state)
  const gone = new Set([...ids].filter((id) => taskIn(list, id)))
  if (gone.size === 0) return list
  const left = idsWithout(list, gone)
  const table = tableWith(list.table, [], gone)
  return frozen({ ...list, table, ids: left, unsaved: without(list.unsaved, ids) })
}
