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

/**
 * `count` places one after another from `first`: whole steps while they stay exact, else the
 * same order with ranks one after another (orders past 2^53, written by another client).
 */
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

/**
 * The imported tasks of `email`, placed as a person adding them one by one would: open ones
 * after the open tasks of `list`, finished ones after the finished, each in the file's order.
 * Without their ids: each slice gets its own as it is added (clicks.ts).
 */
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
