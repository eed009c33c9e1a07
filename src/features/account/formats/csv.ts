import Papa from 'papaparse'
import type { Slices } from './types'

// CSV rows, each with its first line. An unclosed quote makes Papa Parse run the field on to the
// next quote and report 'Quotes': that row's line is said and left out, and reading restarts on
// the next line, so it never swallows the rows after it. A row with more fields than the header
// (a comma in an unquoted field) is left out too. Read in slices so 10 MB never holds the page.
export interface CsvRow {
  fields: string[]
  /** Its first line in the file, the header's being 1. */
  line: number
}

export interface CsvTable {
  header: string[]
  rows: CsvRow[]
  unreadLines: number[] // in order
}

/** Counts the lines up to each position asked, in order, reading the text once overall. */
function lineCounter(text: string): (at: number) => number {
  const breaks = /\r\n?|\n/g
  let line = 1
  let upTo = 0
  return (at) => {
    breaks.lastIndex = upTo
    for (let found = breaks.exec(text); found && found.index < at; found = breaks.exec(text)) {
      line++
    }
    upTo = at
    return line
  }
}

/** Where the line after the one holding `from` starts (the end, for the last). */
function nextLineStart(text: string, from: number): number {
  const lineBreak = /\r\n?|\n/g
  lineBreak.lastIndex = from
  const found = lineBreak.exec(text)
  return found ? found.index + found[0].length : text.length
}

const blank = (fields: readonly string[]) => fields.every((field) => field.trim() === '')

export async function readCsv(text: string, slices: Slices): Promise<CsvTable> {
  const rows: CsvRow[] = []
  const unreadLines: number[] = []
  const lineAt = lineCounter(text)
  // Guessed on the first pass, kept for the next: every slice is read the same way.
  let delimiter: string | undefined
  let newline: Papa.ParseConfig['newline']
  let offset = 0
  for (;;) {
    // Where to go on when this pass stops early: a row left out, or a slice's end.
    let next = -1
    let start = offset
    Papa.parse<string[]>(text.slice(offset), {
      delimiter,
      newline,
      step(result, parser) {
        delimiter ??= result.meta.delimiter
        newline ??= result.meta.linebreak as Papa.ParseConfig['newline']
        const line = lineAt(start)
        if (result.errors.some(({ type }) => type === 'Quotes')) {
          unreadLines.push(line)
          next = nextLineStart(text, start)
          parser.abort()
          return
        }
        const fields = result.data
        if (fields.length > (rows[0]?.fields.length ?? Infinity)) unreadLines.push(line)
        else if (!blank(fields)) rows.push({ fields, line })
        start = offset + result.meta.cursor
        if (slices.due()) {
          next = start
          parser.abort()
        }
      },
    })
    if (next === -1 || next >= text.length) break
    offset = next
    if (slices.due()) await slices.pause()
  }
  const [header, ...body] = rows
  return { header: header?.fields ?? [], rows: body, unreadLines }
}
