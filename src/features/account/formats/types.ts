// What a file holds, read by the parsers beside this file: pure functions from a file's text to
// tasks or one problem, which know nothing of the page. What may be added is the app's own rule
// (taskText.ts), applied to what they read in preview.ts.

/** A task as a file holds it, before the app's rules decide whether it can be added. */
export interface FileTask {
  text: string
  finished: boolean
  /** Deleted in the app it came from, yet still in its export (Google Tasks keeps some). */
  deleted?: boolean
}

export type ImportFormat = 'json' | 'csv' | 'takeout' | 'todoist'

/** Why a file cannot be imported at all. */
export type ImportProblem =
  | { kind: 'not-json-or-csv' }
  | { kind: 'too-large'; bytes: number }
  | { kind: 'too-many'; count: number }
  | { kind: 'invalid-json' }
  | { kind: 'invalid-csv'; row: number }
  /** `what`: the part of the file that is not as its format says, in a few words. */
  | { kind: 'wrong-shape'; what: string }
  | { kind: 'newer-version'; version: number }

export type ParseResult =
  { ok: true; format: ImportFormat; tasks: FileTask[] } | { ok: false; problem: ImportProblem }

/** The largest file read: 10 MB, as browsers count them. */
export const MAX_IMPORT_BYTES = 10_000_000

/** The most tasks one file may bring. */
export const MAX_IMPORT_TASKS = 20_000

export const wrongShape = (what: string): ParseResult => ({
  ok: false,
  problem: { kind: 'wrong-shape', what },
})

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
