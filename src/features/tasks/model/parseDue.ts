import * as en from 'chrono-node/en'
import type { Chrono, ParsedResult, Parser } from 'chrono-node/en'
import { dayOf, dueOfParts } from './due'
import { dueSentence } from './dueWords'

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
}

/** The last date in `text` that is not one of `refused`; null when none, or no text would be left. */
export type DueParser = (text: string, refused?: readonly string[], now?: Date) => FoundDue | null

type Reader = Pick<Chrono, 'parse'>
interface Language {
  reader: Reader
  /** A word left dangling before the date ("rent on"), dropped with it. */
  connector?: RegExp
}

const ENGLISH_CONNECTOR = /(?:^|\s)(?:on|at|by|due|before|until)$/i

/** A refusal covers the phrase as it grows or shrinks ("Fri", "Friday"). */
const refusedIn = (phrase: string, refused: readonly string[]) => {
  const words = phrase.toLowerCase()
  return refused.some(
    (no) => words.startsWith(no.toLowerCase()) || no.toLowerCase().startsWith(words),
  )
}

/** The app's own reading of a task's text (listState.ts), handed in: it stays out of this chunk. */
export type Normalize = (text: string) => string | null

function foundIn(
  text: string,
  result: ParsedResult,
  normalize: Normalize,
  connector?: RegExp,
): FoundDue | null {
  const date = result.start.date()
  const year = date.getFullYear()
  if (year < 1000 || year > 9999) return null
  const certain = result.start.isCertain('hour')
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
  return rest === null
    ? null
    : { text: rest, due, phrase: result.text, sentence: dueSentence(due, dayOf(result.refDate)) }
}

/** Short day and month names that are words too, alone and in lower case: "sun cream", "sat nav". */
const WORDS_FIRST = /^(sun|sat|wed|mon|mar|may)$/

export function dueParserOf(languages: readonly Language[], normalize: Normalize): DueParser {
  return (text, refused = [], now = new Date()) => {
    for (const { reader, connector } of languages) {
      const results = reader.parse(text, now, { forwardDate: true })
      // "now", "a second", "within 1 s": a moment, not a date to keep.
      const result = results
        .filter(
          (r) =>
            !refusedIn(r.text, refused) &&
            !WORDS_FIRST.test(r.text) &&
            Math.abs(+r.start.date() - +now) >= 60_000,
        )
        .at(-1)
      const found = result && foundIn(text, result, normalize, connector)
      if (found) return found
    }
    return null
  }
}

/**
 * "the 1st", "the 22nd": the next such day of a month, today included (chrono reads a day of the
 * month only with its month).
 */
export const dayOfMonth: Parser = {
  pattern: () => /\bthe\s+([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b/i,
  extract(context, match) {
    const day = Number(match[1])
    const ref = context.refDate
    for (let ahead = 0; ahead < 12; ahead++) {
      const month = new Date(ref.getFullYear(), ref.getMonth() + ahead, 1)
      const fits = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate() >= day
      if (fits && (ahead > 0 || day >= ref.getDate())) {
        return { year: month.getFullYear(), month: month.getMonth() + 1, day }
      }
    }
    return null
  },
}

/** Whether the language writes the month before the day (en-US 12/3 is 3 December; en-GB 12 March). */
export function monthFirst(language: string) {
  const types = new Intl.DateTimeFormat(language)
    .formatToParts(new Date(2000, 11, 31))
    .map((part) => part.type)
  return types.indexOf('month') < types.indexOf('day')
}

/** English as `language` writes dates, with "the 1st". */
export function englishFor(language: string): Language {
  const reader = (monthFirst(language) ? en.casual : en.GB).clone()
  reader.parsers.push(dayOfMonth)
  return { reader, connector: ENGLISH_CONNECTOR }
}

// chrono's other languages, each a chunk of its own, loaded only for a browser in that language.
const LOCALES: Record<string, (() => Promise<{ casual: Reader }>) | undefined> = {
  de: () => import('chrono-node/de'),
  es: () => import('chrono-node/es'),
  fi: () => import('chrono-node/fi'),
  fr: () => import('chrono-node/fr'),
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

/** `language` as a BCP 47 tag ("en-US@posix", "de_DE.UTF-8": POSIX locales); else English. */
export function tagOf(language: string) {
  try {
    return Intl.getCanonicalLocales(language.split(/[@.]/)[0]?.replace('_', '-'))[0] ?? 'en'
  } catch {
    return 'en'
  }
}

/** The parser for `language`: its own chrono if it has one, then English. */
export async function dueParserFor(language: string, normalize: Normalize): Promise<DueParser> {
  const tag = tagOf(language)
  const other = await LOCALES[tag.split('-')[0]?.toLowerCase() ?? '']?.()
  const english = englishFor(tag)
  return dueParserOf(other ? [{ reader: other.casual }, english] : [english], normalize)
}
