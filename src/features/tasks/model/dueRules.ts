import type { ParsedResult } from 'chrono-node/en'

// Which of chrono's readings of a draft are a due date. chrono finds dates in any text; a task's
// words are mostly not dates, so a reading is dropped where people mean something else.

/** Short day and month names that are words too, alone and in lower case: "sun cream", "sat nav". */
const WORDS_FIRST = /^(sun|sat|wed|mon|mar|may)$/

/** A month's name alone ("lunch with April", "call May") is a date only after "in" ("in May"). */
const MONTH_AFTER = /\b(?:in|im|en)\s*$/i

/**
 * A repeat ("every monday", "jeden Tag", "tous les lundis") is not one date: from its first word
 * to the end of its sentence nothing is read, until repeats are kept. Its word counts when a date,
 * a number or a unit of time follows ("do every exercise tomorrow" keeps its date).
 */
const REPEAT = /\b(?:every|each|ev|jede[nrs]?|alle|chaque|tou(?:te)?s les)\s+/giu
const UNIT =
  /^(?:\d|other\b|second\b|(?:day|week|month|year|weekday|workday|weekend|morning|afternoon|evening|night|hour|tag|woche|monat|jahr|werktag|wochenende|abend|stunde|jour|semaine|mois|an|année|matin|soir|heure|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?\b)/iu

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
    if (WORDS_FIRST.test(phrase)) return false
    // "Tuesday's notes", "Friday’s game": a thing named after a day.
    if (/^['’]s\b/.test(text.slice(index + phrase.length))) return false
    if (repeats.some(([from, to]) => index >= from && index < to)) return false
    // "now", "in a second": a moment, not a date to keep ("today" has no time and stays).
    if (start.isCertain('hour') && Math.abs(+start.date() - +now) < 60_000) return false
    const monthAlone =
      start.isCertain('month') && !start.isCertain('day') && !start.isCertain('year')
    return !monthAlone || MONTH_AFTER.test(text.slice(0, index))
  })
}
