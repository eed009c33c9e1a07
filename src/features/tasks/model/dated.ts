import { createSelector } from '@reduxjs/toolkit'
import type { Task } from '../../../services/types'
import { dueDay, dueKey } from './due'
import { compareTasks } from './ordering'
import { type TaskTable } from './taskTable'
import { selectZone } from './day'
import { selectTaskTable } from './tasksSlice'

/** An open task with a date: its day here and its place among the soonest. */
export interface DatedTask {
  id: string
  day: string
  key: string
  task: Task
}

// A change copies one bucket of the table (taskTable.ts) and keeps the other 255, so the dated
// tasks are found once per bucket object: a click looks at ~20 tasks, not all 5,000. A day
// and its order depend on the zone: another zone starts afresh.
let datedIn = new WeakMap<TaskTable[number], readonly DatedTask[]>()
let datedZone = ''
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
export const selectDatedTasks = createSelector([selectTaskTable, selectZone], (table, zone) => {
  if (zone !== datedZone) [datedIn, datedZone] = [new WeakMap(), zone]
  return Object.values(table)
    .flatMap(datedOf)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : compareTasks(a.task, b.task)))
})
