import { loadRepeatWords } from '../../tasks'
import { readCsv } from './csv'
import { FORMAT_NAME, fromCsv, fromJson } from './ourFormat'
import { fromTakeout, isTakeout } from './takeout'
import { fromTodoist, isTodoist, projectOfFile } from './todoist'
import {
  isObject,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_TASKS,
  nextTurn,
  slices,
  wrongShape,
  type ImportProblem,
  type ParseResult,
  type Pause,
} from './types'

// A file's format is told by its content, its name breaking ties: `.json` or `.csv` is read as
// one; another name is JSON if its text begins as JSON does, else CSV with a known header.
const failed = (problem: ImportProblem): ParseResult => ({ ok: false, problem })

/** Refused before its text is read. */
export const sizeProblem = (bytes: number): ImportProblem | null =>
  bytes > MAX_IMPORT_BYTES ? { kind: 'too-large', bytes } : null

// One piece of work on the main thread (JSON.parse cannot be cut): about 40 ms for 10 MB.
function parseJson(text: string): ParseResult {
  let file: unknown
  try {
    file = JSON.parse(text)
  } catch {
    return failed({ kind: 'invalid-json' })
  }
  if (!isObject(file)) return wrongShape('it is not a list of tasks of this app or Google Tasks')
  if (file.format === FORMAT_NAME) return fromJson(file)
  if (isTakeout(file)) return fromTakeout(file)
  return wrongShape('it is neither an export of this app nor Google Tasks’ Tasks.json')
}

async function parseCsv(
  text: string,
  name: string,
  named: boolean,
  pause: Pause,
  now: Date,
): Promise<ParseResult> {
  const table = await readCsv(text, slices(pause))
  const columns = table.header.map((column) => column.trim().toLowerCase())
  if (isTodoist(columns)) {
    // Offline before the repeat reader was kept: repeats are added once, on their next date.
    const repeats = await loadRepeatWords().catch(() => null)
    return fromTodoist(table, now, repeats?.repeatOfWords, projectOfFile(name))
  }
  if (columns.includes('text') && columns.includes('finished')) return fromCsv(table)
  if (!named) return failed({ kind: 'not-json-or-csv' })
  return wrongShape(
    'its columns are neither this app’s (text, finished) nor Todoist’s (TYPE, CONTENT)',
  )
}

/**
 * The tasks of the file `name`, or why it cannot be imported; a CSV is read in slices. `now`:
 * what Todoist's words ("tomorrow", "every monday") are read as of.
 */
export async function parseImport(
  name: string,
  text: string,
  pause: Pause = nextTurn,
  now: Date = new Date(),
): Promise<ParseResult> {
  const extension = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase()
  const content = text.replace(/^\uFEFF/, '')
  // A picture, a PDF, an archive: text has no NUL.
  if (content.includes('\u0000')) return failed({ kind: 'not-json-or-csv' })
  const json = extension === 'json' || (extension !== 'csv' && /^\s*[{[]/.test(content))
  const result = json
    ? parseJson(content)
    : await parseCsv(content, name, extension === 'csv', pause, now)
  if (result.ok && result.tasks.length > MAX_IMPORT_TASKS) {
    return failed({ kind: 'too-many', count: result.tasks.length })
  }
  return result
}
