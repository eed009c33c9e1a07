import type { Chrono, ParsedResult } from 'chrono-node/en'
import { englishReader } from '../../../lib/englishDates'
import { clockChange } from './clockChange'
import { dayOf, dueOfParts, tagOf } from './due'
import { dueReadings } from './dueRules'
import { clockNote, clockTime, dueSentence, wordsLocale } from './dueWords'

// A date typed in the task: chrono-node reads it, in the browser's language first and English
// always. This module and chrono come in a chunk loaded once the person types (loadDueParser.ts).

/** What a typed date makes of the task: the text without the date's words, and the due. */
export interface FoundDue {
  text: string
  due: string
  /** The words read as the date, as typed. */
  phrase: string
  /** What the hint says of it: "Due tomorrow, Sat 28 Nov". */
  sentence: string
  /** A time the clocks skip or repeat that day, said ("02:30 does not exist on …"). */
  note?: string
}

/** The last date in `text` that is not one of `refused`; null when none, or no text would be left. */
export type DueParser = (text: string, refused?: readonly string[], now?: Date) => FoundDue | null

type Reader = Pick<Chrono, 'parse'>
interface Language {
  reader: Reader
  /** A word left dangling before the date ("rent on"), dropped with it. */
  connector?: RegExp
}

const ENGLISH_CONNECTOR = /(?:^|\s)(?:on|at|by|due|before|until)(?:\s+the)?$/i

/** A refusal covers the phrase as it grows or shrinks ("Fri", "Friday"). */
const refusedIn = (phrase: string, refused: readonly string[]) => {
  const words = phrase.toLowerCase()
  return refused.some(
    (no) => words.startsWith(no.toLowerCase()) || no.toLowerCase().startsWith(words),
  )
}

/** The app's own reading of a task's text (listState.ts), handed in: it stays out of this chunk. */
export type Normalize = (text: string) => string | null

/** Readings that could be taken another way: a number date ("3/4"), "next fri". */
const NUMERIC = /\d[/.-]\d/
const QUALIFIED =
  /\b(?:next|this|coming|nächste[nmrs]?|kommende[nmrs]?|diese[nmrs]?|prochain|ce)\b/i

function foundIn(
  text: string,
  result: ParsedResult,
  normalize: Normalize,
  locale: string,
  connector?: RegExp,
): FoundDue | null {
  const { start } = result
  const date = start.date()
  const year = date.getFullYear()
  if (year < 1000 || year > 9999) return null
  const certain = start.isCertain('hour')
  const due = dueOfParts({
    year,
    month: date.getMonth() + 1,
    day: date.getDate(),
    ...(certain && { hour: date.getHours(), minute: date.getMinutes() }),
  })
  let before = text.slice(0, result.index).trimEnd()
  for (let i = 0; i < 2 && connector?.test(before); i++) {
    before = before.replace(connector, '').trimEnd()
  }
  before = before.replace(/\s*[,;:–—-]+$/, '')
  const after = text.slice(result.index + result.text.length).trimStart()
  const rest = normalize(
    `${before}${/^[,;:.!?]/.test(after) ? '' : ' '}${after}`.replace(/\s+/g, ' '),
  )
  if (rest === null) return null
  const sentence = dueSentence(due, dayOf(result.refDate), locale, {
    year: NUMERIC.test(result.text),
    days: start.isCertain('weekday') && QUALIFIED.test(result.text),
  })
  const phrase = text.slice(result.index, result.index + result.text.length)
  const found = { text: rest, due, phrase, sentence }
  // As typed: a time zone typed ("5pm CET") moves it, and is no clock change.
  const hour = start.get('hour') ?? 0
  const minute = start.get('minute') ?? 0
  const change = certain && !start.isCertain('timezoneOffset') && clockChange(date, hour, minute)
  if (!change) return found
  const typed = clockTime(hour, minute, locale)
  const used = clockTime(date.getHours(), date.getMinutes(), locale)
  return { ...found, note: clockNote(change, typed, used, dayOf(date), locale) }
}

export function dueParserOf(
  languages: readonly Language[],
  normalize: Normalize,
  locale = wordsLocale(),
): DueParser {
  return (text, refused = [], now = new Date()) => {
    // Of each language's last reading, the one that ends last, then the longest: "call Sam fri
    // 5pm" in a German browser is English's "fri 5pm", not German's "5pm".
    let best: FoundDue | null = null
    let bestEnd = -1
    for (const { reader, connector } of languages) {
      // A phone's curly apostrophe, as chrono knows only the straight one ("aujourd’hui").
      const results = reader.parse(text.replace(/’/g, "'"), now, { forwardDate: true })
      const result = dueReadings(text, results, now)
        .filter((r) => !refusedIn(r.text, refused))
        .at(-1)
      const found = result && foundIn(text, result, normalize, locale, connector)
      const end = result ? result.index + result.text.length : -1
      if (
        found &&
        (end > bestEnd || (end === bestEnd && found.phrase.length > (best?.phrase.length ?? 0)))
      ) {
        best = found
        bestEnd = end
      }
    }
    return best
  }
}

/** English as `language` writes dates. */
export const englishFor = (language: string): Language => ({
  reader: englishReader(language),
  connector: ENGLISH_CONNECTOR,
})

// chrono's other languages, each a chunk of its own, loaded only for a browser in that language.
// German and French bring their own additions (languages/de.ts, languages/fr.ts).
const LOCALES: Record<string, (() => Promise<{ casual: Reader; connector?: RegExp }>) | undefined> =
  {
    de: () => import('./languages/de'),
    es: () => import('chrono-node/es'),
    fi: () => import('chrono-node/fi'),
    fr: () => import('./languages/fr'),
    it: () => import('chrono-node/it'),
    ja: () => import('chrono-node/ja'),
    nl: () => import('chrono-node/nl'),
    pt: () => import('chrono-node/pt'),
    ru: () => import('chrono-node/ru'),
    sv: () => import('chrono-node/sv'),
    uk: () => import('chrono-node/uk'),
    vi: () => import('chrono-node/vi'),
    zh: () => import('chrono-node/zh'),
  }

export { tagOf } from './due'

/** The parser for `language`: its own chrono if it has one, then English. */
export async function dueParserFor(language: string, normalize: Normalize): Promise<DueParser> {
  const tag = tagOf(language)
  const other = await LOCALES[tag.split('-')[0]?.toLowerCase() ?? '']?.()
  const english = englishFor(tag)
  return dueParserOf(
    other ? [{ reader: other.casual, connector: other.connector }, english] : [english],
    normalize,
    wordsLocale(tag),
  )
}
