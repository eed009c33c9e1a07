// The parsers beside this file turn a file's text into tasks or one problem, knowing nothing of
// the page; preview.ts applies the app's own rules (tasks/model/listState.ts) to what they read.
import type { StoredFields } from '../../../services/taskDocument'

/** What a file says of a task beyond its text and state, which this app does not keep. */
export interface TaskExtras {
  /** Notes (Google Tasks), a description or comments (Todoist). */
  notes?: true
  /** A deadline (Todoist): a second date, beside its due. */
  deadline?: true
  priority?: true
  subtask?: true
  /** Links (Google Tasks: the e-mail a task was made from). */
  links?: true
  /** Its section (Todoist), by its place in the file. */
  group?: number
  /** No title but notes: its notes are its text (takeout.ts says why). */
  notesAsText?: true
}

export interface FileTask {
  text: string
  finished: boolean
  /** Deleted in the app it came from, yet still in its export (Google Tasks keeps some). */
  deleted?: boolean
  /** Finished and cleared from view there (Google Tasks' "hidden"): added as finished. */
  hidden?: boolean
  extras?: TaskExtras
  /**
   * The stored fields it brings: this app's own file keeps them under their own names
   * (ourFormat.ts); another app's gives its due date.
   */
  fields?: Partial<StoredFields> | undefined
  /**
   * Its date in another app: one that could not be read (no date kept), one that repeated in
   * words this app does not read (added once), or one whose repeat is kept.
   */
  date?: 'unread' | 'repeated' | 'repeats'
  /** This app's file gave a repeat that is not one the app keeps: added without it. */
  repeatUnread?: boolean
  /** The name of its list in the file; none: My tasks (formats/listPlan.ts matches it). */
  list?: string
}

export type ImportFormat = 'json' | 'csv' | 'takeout' | 'todoist'

export type ImportProblem =
  | { kind: 'not-json-or-csv' }
  | { kind: 'too-large'; bytes: number }
  | { kind: 'too-many'; count: number }
  | { kind: 'invalid-json' }
  /** `what`: the part of the file that is not as its format says, in a few words. */
  | { kind: 'wrong-shape'; what: string }
  | { kind: 'newer-version'; version: number }

export interface ParsedFile {
  format: ImportFormat
  tasks: FileTask[]
  unreadLines: number[]
  /** The lists the file names, in its order, those without tasks too (its tasks may name more). */
  lists?: string[]
}

export type ParseResult = ({ ok: true } & ParsedFile) | { ok: false; problem: ImportProblem }

/** 10 MB, as browsers count them. */
export const MAX_IMPORT_BYTES = 10_000_000
export const MAX_IMPORT_TASKS = 20_000

export const wrongShape = (what: string): ParseResult => ({
  ok: false,
  problem: { kind: 'wrong-shape', what },
})

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const hasText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== ''

/** Lets the page breathe between slices of reading; tests may pass one that resolves at once. */
export type Pause = () => Promise<void>

export const nextTurn: Pause = () =>
  new Promise((resolve) => {
    setTimeout(resolve, 0)
  })

/** Work cut into slices of about `sliceMs`, with a pause between them: `if (due()) await pause()`. */
export interface Slices {
  due(): boolean
  pause(): Promise<void>
}

export function slices(pause: Pause = nextTurn, sliceMs = 10): Slices {
  let since = performance.now()
  return {
    due: () => performance.now() - since >= sliceMs,
    async pause() {
      await pause()
      since = performance.now()
    },
  }
}
