import Papa from 'papaparse'
import { FORMAT_NAME, fromCsv, fromJson } from './ourFormat'
import { fromTakeout, isTakeout } from './takeout'
import { fromTodoist, isTodoist } from './todoist'
import {
  isObject,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_TASKS,
  wrongShape,
  type ImportProblem,
  type ParseResult,
} from './types'

// Which format a file is in, and what it holds. Told by its content, its name breaking ties:
// a `.json` or a `.csv` file is read as one, another name only if its text begins as JSON does,
// or else reads as CSV with a header of a known format.

const failed = (problem: ImportProblem): ParseResult => ({ ok: false, problem })

/** A file too large to read: refused before its text is. */
export const sizeProblem = (bytes: number): ImportProblem | null =>
  bytes > MAX_IMPORT_BYTES ? { kind: 'too-large', bytes } : null

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

function parseCsv(text: string, named: boolean): ParseResult {
  const { data, errors, meta } = Papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (column) => column.trim().toLowerCase(),
  })
  const columns = meta.fields ?? []
  if (isTodoist(columns)) return fromTodoist(data)
  if (columns.includes('text') && columns.includes('finished')) {
    const quotes = errors.find(({ type }) => type === 'Quotes')
    // The line of the quote, counted in the text (papaparse's row counts are off by one here).
    const row = text.slice(0, quotes?.index ?? 0).split('\n').length
    if (quotes) return failed({ kind: 'invalid-csv', row })
    return fromCsv(data)
  }
  if (!named) return failed({ kind: 'not-json-or-csv' })
  return wrongShape(
    'its columns are neither this app’s (text, finished) nor Todoist’s (TYPE, CONTENT)',
  )
}

/** What the file `name` holds, from its `text`: tasks, or why it cannot be imported. */
export function parseImport(name: string, text: string): ParseResult {
  const extension = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase()
  const content = text.replace(/^\uFEFF/, '')
  // A picture, a PDF, an archive: text has no NUL.
  if (content.includes('\u0000')) return failed({ kind: 'not-json-or-csv' })
  const json = extension === 'json' || (extension !== 'csv' && /^\s*[{[]/.test(content))
  const result = json ? parseJson(content) : parseCsv(content, extension === 'csv')
  if (result.ok && result.tasks.length > MAX_IMPORT_TASKS) {
    return failed({ kind: 'too-many', count: result.tasks.length })
  }
  return result
}
