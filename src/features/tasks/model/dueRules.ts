import type { ParsedResult } from 'chrono-node/en'

// Which of chrono's readings of a draft are a due date. chrono finds dates in any text; a task's
// words are mostly not dates, so a reading is dropped where people mean something else.

/** Short day and month names that are words too, alone and in lower case: "sun cream", "sat nav". */
const WORDS_FIRST = /^(sun|sat|wed|mon|mar|may)$/

/** ...unless a word that asks for a date comes first: "essay due wed". */
const AFTER_WORD = /\b(?:on|by|due|until|before|from|next|this)\s+$/i

/** A month's name alone ("lunch with April", "call May") is a date only after "in" ("in May"). */
const MONTH_AFTER = /\b(?:in|im|en)\s*$/i

/**
 * A repeat ("every monday", "jeden Tag", "tous les lundis") is not one date: from its first word
 * to the end of its sentence nothing is read, until repeats are kept. Its word counts when a date,
 * a number or a unit of time follows ("do every exercise tomorrow" keeps its date).
 */
const REPEAT = /\b(?:every|each|ev|jede[nrs]?|alle|chaque|tou(?:te)?s les)\s+/giu
const UNIT =
  /^(?:\d|other|second|(?:day|week|month|year|weekday|morning|evening|night|tag|woche|monat|jahr|abend|jour|semaine|mois|matin|soir|\p{L}+di|dimanche)s?\b)/iu

/** Where the repeats lie in `text`: [start, end] pairs. */
function repeatSpans(text: string, results: readonly ParsedResult[]) {
  const spans: [number, number][] = []
  for (const { index, 0: word } of text.matchAll(REPEAT)) {
    const next = index + word.length
    const rest = text.slice(next)
    if (UNIT.test(rest) || results.some((r) => r.index === next)) {
      const end = rest.search(/[.;!?]/)
      spans.push([index, end < 0 ? text.length : next + end])
    }
  }
  return spans
}

/** chrono's readings of `text` that may be its due, in the order found. */
export function dueReadings(text: string, results: readonly ParsedResult[], now: Date) {
  const repeats = repeatSpans(text, results)
  return results.filter(({ index, text: phrase, start }) => {
    const before = text.slice(0, index)
    const after = text.slice(index + phrase.length)
    if (WORDS_FIRST.test(phrase) && !AFTER_WORD.test(before)) return false
    // Part of a word: German "fr" (Friday) in "früh" or "Frühstück", where chrono's \b ends at ü.
    if (/\p{L}$/u.test(before) || /^\p{L}/u.test(after)) return false
    // "Tuesday's notes", "Friday’s game": a thing named after a day.
    if (/^['’]s\b/.test(after)) return false
    if (repeats.some(([from, to]) => index >= from && index < to)) return false
    // "now", "in a second": a moment, not a date to keep ("today" has no time and stays).
    const moment = start.isCertain('hour') && !/\d/.test(phrase)
    if (moment && Math.abs(+start.date() - +now) < 60_000) return false
    const monthAlone =
      start.isCertain('month') && !start.isCertain('day') && !start.isCertain('year')
    return !monthAlone || MONTH_AFTER.test(before)
  })
}
