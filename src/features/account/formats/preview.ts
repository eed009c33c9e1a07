import type { StoredFields } from '../../../services/taskDocument'
import { MAX_TASK_LENGTH, type ListEntry, type Task } from '../../../services/types'
import { listOfTask } from '../../lists'
import { normalizeTaskText } from '../../tasks'
import { planLists, type PlannedList } from './listPlan'
import { nextTurn, slices, type ImportFormat, type ParsedFile, type Pause } from './types'

export interface TaskToAdd {
  text: string
  finished: boolean
  fields?: Partial<StoredFields> | undefined
  /** The list it goes to, by name (one of the person's, or one the import makes); none: My tasks. */
  list?: string
}

/** A list the file names, and how many of the tasks to add are of it (a full one's: My tasks). */
export type ListToFill = PlannedList & { tasks: number }

/** How many tasks to add had each kind of data the app does not keep (TaskExtras). */
export interface NotKept {
  notes: number
  deadline: number
  priority: number
  subtask: number
  links: number
  groups: number
  notesAsText: number
}

export interface ImportPreview {
  /** In the file's order. */
  tasks: TaskToAdd[]
  finished: number
  skipped: {
    /** Nothing to see (blank, or invisible characters only). */
    empty: number
    tooLong: number
    duplicate: number
    deleted: number
  }
  notKept: NotKept
  /** Of the tasks to add, those whose date in another app was not read, or repeated there. */
  dates: { unread: number; repeated: number; repeats: number; unreadRepeats: number }
  /** Of the tasks to add, the finished ones cleared from view where they came from. */
  hidden: number
  unreadLines: number[]
  /** The lists the file names besides My tasks, in its order; none: all go to My tasks. */
  lists: ListToFill[]
  /** Of the tasks to add, those going to My tasks (those of a list that cannot be made too). */
  myTasks: number
}

/** This app's own files give back their texts as they were stored (edges and line breaks). */
const keepsText = (format: ImportFormat) => format === 'json' || format === 'csv'

// A text from this app's file is kept as it is when the server takes it: the rules allow line
// breaks and edge spaces (another client's), and a backup gives them back. Another app's becomes
// one trimmed paragraph, as a typed text does (tasks/model/listState.ts).
function storedText(raw: string, exact: boolean): { text: string } | { skip: 'empty' | 'tooLong' } {
  const text = normalizeTaskText(raw)
  const length = exact ? raw.length : raw.trim().length
  if (length > MAX_TASK_LENGTH) return { skip: 'tooLong' }
  if (text === null) return { skip: 'empty' }
  return { text: exact ? raw : text }
}

/** The texts of `existing` in each list (null: My tasks), as the page shows them. */
function textsByList(existing: readonly Task[], yours: readonly ListEntry[]) {
  const known = new Set(yours.map(({ id }) => id))
  const texts = new Map<string | null, Set<string>>()
  for (const task of existing) {
    const list = listOfTask(task, known)
    const inList = texts.get(list) ?? new Set<string>()
    texts.set(list, inList.add(task.task))
  }
  return texts
}

/**
 * What adding `file` to the person's tasks (`existing`) and lists (`yours`) will do; in slices
 * (20,000 texts take a while). A task already in the list it goes to is left out.
 */
export async function previewImport(
  { format, tasks, unreadLines, lists: named = [] }: ParsedFile,
  existing: readonly Task[],
  pause: Pause = nextTurn,
  yours: readonly ListEntry[] = [],
): Promise<ImportPreview> {
  const plan = planLists([...named, ...tasks.flatMap(({ list }) => list ?? [])], yours)
  const filled = new Map(plan.lists.map((list) => [list, 0]))
  const texts = textsByList(existing, yours)
  const exact = keepsText(format)
  const preview: ImportPreview = {
    tasks: [],
    finished: 0,
    skipped: { empty: 0, tooLong: 0, duplicate: 0, deleted: 0 },
    notKept: {
      notes: 0,
      deadline: 0,
      priority: 0,
      subtask: 0,
      links: 0,
      groups: 0,
      notesAsText: 0,
    },
    dates: { unread: 0, repeated: 0, repeats: 0, unreadRepeats: 0 },
    hidden: 0,
    unreadLines,
    lists: [],
    myTasks: 0,
  }
  const { skipped, notKept } = preview
  const groups = new Set<number>()
  const slice = slices(pause)
  for (const {
    text: raw,
    finished,
    deleted,
    hidden,
    extras,
    fields,
    date,
    repeatUnread,
    list: listName,
  } of tasks) {
    if (slice.due()) await slice.pause()
    const stored = storedText(raw, exact)
    const planned = plan.of(listName)
    const list = planned?.kind === 'full' ? null : planned
    // A list the import makes holds nothing yet.
    const there = list?.kind === 'new' ? undefined : texts.get(list?.id ?? null)
    if (deleted) skipped.deleted++
    else if ('skip' in stored) skipped[stored.skip]++
    else if (there?.has(stored.text)) skipped.duplicate++
    else {
      const { text } = stored
      preview.tasks.push({ text, finished, fields, ...(list && { list: list.name }) })
      if (planned) filled.set(planned, (filled.get(planned) ?? 0) + 1)
      if (!list) preview.myTasks++
      if (finished) preview.finished++
      if (hidden) preview.hidden++
      if (date) preview.dates[date]++
      if (repeatUnread) preview.dates.unreadRepeats++
      if (!extras) continue
      const { group, ...kinds } = extras
      if (group !== undefined) groups.add(group)
      for (const kind of Object.keys(kinds) as (keyof typeof kinds)[]) notKept[kind]++
    }
  }
  notKept.groups = groups.size
  preview.lists = plan.lists.map((list) => ({ ...list, tasks: filled.get(list) ?? 0 }))
  return preview
}

export const skippedCount = ({ skipped }: ImportPreview): number =>
  skipped.empty + skipped.tooLong + skipped.duplicate + skipped.deleted
