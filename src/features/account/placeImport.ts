import { newTask } from '../../services/taskDocument'
import type { Task } from '../../services/types'
import {
  placeAfterLastOpen,
  placeAtEnd,
  type Placement,
  rankBetween,
  type TaskListState,
} from '../tasks'
import type { TaskToAdd } from './formats/preview'

/** Whole steps from `first` while exact, else ranks (orders past 2^53, from another client). */
function run(first: Placement, count: number): Placement[] {
  if (first.rank === null && Number.isSafeInteger(first.order + count)) {
    return Array.from({ length: count }, (_, i) => ({ order: first.order + i, rank: null }))
  }
  const places = [first]
  let rank = first.rank
  while (places.length < count) {
    rank = rankBetween(rank, null)
    places.push({ order: first.order, rank })
  }
  return places
}

/** Placed as if added one by one; without ids: each slice gets its own as added (account/commands.ts). */
export function placeImported(
  list: TaskListState,
  tasks: readonly TaskToAdd[],
  email: string,
): Omit<Task, 'id'>[] {
  const open = tasks.filter(({ finished }) => !finished)
  const finished = tasks.filter(({ finished }) => finished)
  const openPlaces = open.length ? run(placeAfterLastOpen(list), open.length) : []
  const finishedPlaces = finished.length ? run(placeAtEnd(list, ''), finished.length) : []
  const made = (from: TaskToAdd[], places: Placement[]) =>
    from.map(({ text, finished: isFinished, fields }, i) =>
      newTask({ ...fields, task: text, isFinished, email, ...places[i] }),
    )
  return [...made(open, openPlaces), ...made(finished, finishedPlaces)]
}
