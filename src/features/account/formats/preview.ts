import { MAX_TASK_LENGTH, type Task } from '../../../services/types'
import { normalizeTaskText } from '../../tasks/taskText'
import type { FileTask } from './types'

/** What an import will add, and what it leaves out and why. */
export interface ImportPreview {
  /** The tasks to add, in the file's order, their text as it will be stored. */
  tasks: FileTask[]
  finished: number
  skipped: {
    /** Nothing to see (blank, or invisible characters only). */
    empty: number
    /** Over MAX_TASK_LENGTH characters. */
    tooLong: number
    /** The same text as a task already in the list. */
    duplicate: number
    /** Deleted in the app it came from. */
    deleted: number
  }
}

/** What adding `fileTasks` to a list holding `existing` will do, by the app's own rules. */
export function previewImport(
  fileTasks: readonly FileTask[],
  existing: readonly Task[],
): ImportPreview {
  const here = new Set(existing.map(({ task }) => task))
  const preview: ImportPreview = {
    tasks: [],
    finished: 0,
    skipped: { empty: 0, tooLong: 0, duplicate: 0, deleted: 0 },
  }
  const { skipped } = preview
  for (const { text: raw, finished, deleted } of fileTasks) {
    const text = normalizeTaskText(raw)
    if (deleted) skipped.deleted++
    else if (text === null) {
      if (raw.trim().length > MAX_TASK_LENGTH) skipped.tooLong++
      else skipped.empty++
    } else if (here.has(text)) skipped.duplicate++
    else {
      preview.tasks.push({ text, finished })
      if (finished) preview.finished++
    }
  }
  return preview
}

export const skippedCount = ({ skipped }: ImportPreview): number =>
  skipped.empty + skipped.tooLong + skipped.duplicate + skipped.deleted
