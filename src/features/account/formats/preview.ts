import type { StoredFields } from '../../../services/taskDocument'
import { MAX_TASK_LENGTH, type Task } from '../../../services/types'
import { normalizeTaskText } from '../../tasks'
import { nextTurn, slices, type ImportFormat, type ParsedFile, type Pause } from './types'

/** A task to add, its text as it will be stored. */
export interface TaskToAdd {
  text: string
  finished: boolean
  fields?: Partial<StoredFields> | undefined
}

/** Of the tasks to add, how many had each kind of data the app does not keep (TaskExtras). */
export interface NotKept {
  notes: number
  due: number
  priority: number
  subtask: number
  links: number
  /** Lists (Google Tasks) or sections (Todoist) the tasks came from. */
  groups: number
  /** Tasks with no title, whose notes are their text. */
  notesAsText: number
}

/** What an import will add, and what it leaves out and why. */
export interface ImportPreview {
  /** The tasks to add, in the file's order. */
  tasks: TaskToAdd[]
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
  notKept: NotKept
  /** Lines of a CSV that could not be read, left out. */
  unreadLines: number[]
}

/** This app's own files give back their texts as they were stored (edges and line breaks). */
const keepsText = (format: ImportFormat) => format === 'json' || format === 'csv'

/**
 * The text to store for `raw`, or why there is none. A text from this app's own file is kept as
 * it is when the server takes it (something to see, at most MAX_TASK_LENGTH): a task's text may
 * hold line breaks and edge spaces (another client's: the rules allow them), and a backup gives
 * them back. Another app's becomes one trimmed paragraph, as a typed text does (taskText.ts).
 */
function storedText(raw: string, exact: boolean): { text: string } | { skip: 'empty' | 'tooLong' } {
  const text = normalizeTaskText(raw)
  const length = exact ? raw.length : raw.trim().length
  if (length > MAX_TASK_LENGTH) return { skip: 'tooLong' }
  if (text === null) return { skip: 'empty' }
  return { text: exact ? raw : text }
}

/**
 * What adding the tasks of `file` to a list holding `existing` will do, by the app's own rules;
 * worked in slices, `pause` between them (20,000 long texts take a while).
 */
export async function previewImport(
  { format, tasks, unreadLines }: ParsedFile,
  existing: readonly Task[],
  pause: Pause = nextTurn,
): Promise<ImportPreview> {
  const here = new Set(existing.map(({ task }) => task))
  const exact = keepsText(format)
  const preview: ImportPreview = {
    tasks: [],
    finished: 0,
    skipped: { empty: 0, tooLong: 0, duplicate: 0, deleted: 0 },
    notKept: { notes: 0, due: 0, priority: 0, subtask: 0, links: 0, groups: 0, notesAsText: 0 },
    unreadLines,
  }
  const { skipped, notKept } = preview
  const groups = new Set<number>()
  const slice = slices(pause)
  for (const { text: raw, finished, deleted, extras, fields } of tasks) {
    if (slice.due()) await slice.pause()
    const stored = storedText(raw, exact)
    if (deleted) skipped.deleted++
    else if ('skip' in stored) skipped[stored.skip]++
    else if (here.has(stored.text)) skipped.duplicate++
    else {
      const { text } = stored
      preview.tasks.push({ text, finished, fields })
      if (finished) preview.finished++
      if (!extras) continue
      const { group, ...kinds } = extras
      if (group !== undefined) groups.add(group)
      for (const kind of Object.keys(kinds) as (keyof typeof kinds)[]) notKept[kind]++
    }
  }
  notKept.groups = groups.size
  return preview
}

export const skippedCount = ({ skipped }: ImportPreview): number =>
  skipped.empty + skipped.tooLong + skipped.duplicate + skipped.deleted
