import { createSelector } from '@reduxjs/toolkit'
import type { Task } from '../../../services/types'
import { dueDay, dueKey } from './due'
import { compareTasks, type TaskTable } from './ordering'
import { selectTaskTable } from './tasksSlice'

/** An open task with a date: its day here and its place among the soonest. */
export interface DatedTask {
  id: string
  day: string
  key: string
  task: Task
}

// A change copies one bucket of the table (ordering.ts) and keeps the other 255, so the dated
// tasks are found once per bucket object: a click looks at ~20 tasks, not all 5,000.
const datedIn = new WeakMap<TaskTable[number], readonly DatedTask[]>()
function datedOf(bucket: TaskTable[number]): readonly DatedTask[] {
  let dated = datedIn.get(bucket)
  if (dated === undefined) {
    dated = Object.values(bucket).flatMap((task) =>
      task.due === null || task.isFinished
        ? []
        : [{ id: task.id, day: dueDay(task.due), key: dueKey(task.due), task }],
    )
    datedIn.set(bucket, dated)
  }
  return dated
}

/** The open tasks with a date, soonest first: a day before its times, ties in list order. */
export const selectDatedTasks = createSelector([selectTaskTable], (table) =>
  Object.values(table)
    .flatMap(datedOf)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : compareTasks(a.task, b.task))),
)
