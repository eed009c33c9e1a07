import * as de from 'chrono-node/de'
import type { Parser } from 'chrono-node/de'

// chrono's German, with what it misses of how a date is written in a task, and the words left
// dangling before one ("Zahnarzt am 15.01."). In the German chunk: loaded for a German browser only.

/** "15.01.", "3.4.": a day and month, the year left out (chrono wants the year); the next one. */
const dottedDay: Parser = {
  pattern: () => /(?<![\d.])([0-3]?\d)\.([01]?\d)\.(?!\d)/,
  extract: ({ refDate }, match) => {
    const day = Number(match[1])
    const month = Number(match[2])
    if (month < 1 || month > 12 || day < 1 || day > 31) return null
    const year = refDate.getFullYear()
    const passed =
      new Date(year, month - 1, day) < new Date(year, refDate.getMonth(), refDate.getDate())
    return { year: passed ? year + 1 : year, month, day }
  },
}

/** "morgen früh", "heute früh": that day, no time (chrono reads the "fr" of "früh" as Friday). */
const early: Parser = {
  pattern: () => /\b(heute|morgen)\s+früh(?!\p{L})/iu,
  extract: ({ refDate }, match) => {
    const date = new Date(refDate)
    date.setDate(date.getDate() + (match[1]?.toLowerCase() === 'morgen' ? 1 : 0))
    return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }
  },
}

export const casual = de.casual.clone()
casual.parsers.push(dottedDay, early)

export const connector = /(?:^|\s)(?:am|um|bis|ab|vor|zum|für)$/i
