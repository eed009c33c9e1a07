import type { Chrono, ParsedResult } from 'chrono-node/en'
import { englishReader } from '../../../lib/englishDates'
import { clockChange } from './clockChange'
import { dayOf, dueOfParts, type DateParts } from './due'
import { EXTRAS } from './dueLanguages'
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

/** Readings that could be taken another way: a number date ("3/4"), "next fri". */
const NUMERIC = /\d[/.-]\d/
const QUALIFIED = /\b(?:next|this|coming|nächste[nmrs]?|kommende[nmrs]?|prochain|ce)\b/i

function foundIn(
  text: string,
  result: ParsedResult,
  normalize: Normalize,
  locale: string,
  connector?: RegExp,
): FoundDue | null {
  const { start } = result
  // A time zone typed ("5pm CET") moves the time: chrono's date is then the one to read.
  const date = start.isCertain('timezoneOffset') ? start.date() : null
  const year = date?.getFullYear() ?? start.get('year') ?? 0
  if (year < 1000 || year > 9999) return null
  const parts: DateParts = {
    year,
    month: date ? date.getMonth() + 1 : (start.get('month') ?? 1),
    day: date?.getDate() ?? start.get('day') ?? 1,
  }
  if (start.isCertain('hour')) {
    parts.hour = date?.getHours() ?? start.get('hour') ?? 0
    parts.minute = date?.getMinutes() ?? start.get('minute') ?? 0
  }
  const due = dueOfParts(parts)
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
  const change = clockChange(parts)
  const { hour = 0, minute = 0 } = parts
  const found = { text: rest, due, phrase: result.text, sentence }
  if (!change) return found
  const used = clockTime(new Date(due).getHours(), new Date(due).getMinutes(), locale)
  const typed = clockTime(hour, minute, locale)
  const day = dueOfParts({ year, month: parts.month, day: parts.day })
  return { ...found, note: clockNote(change, typed, used, day, locale) }
}

export function dueParserOf(
  languages: readonly Language[],
  normalize: Normalize,
  locale = wordsLocale(),
): DueParser {
  return (text, refused = [], now = new Date()) => {
    for (const { reader, connector } of languages) {
      const results = reader.parse(text, now, { forwardDate: true })
      const result = dueReadings(text, results, now)
        .filter((r) => !refusedIn(r.text, refused))
        .at(-1)
      const found = result && foundIn(text, result, normalize, locale, connector)
      if (found) return found
    }
    return null
  }
}

/** English as `language` writes dates. */
export const englishFor = (language: string): Language => ({
  reader: englishReader(language),
  connector: ENGLISH_CONNECTOR,
})

// chrono's other languages, each a chunk of its own, loaded only for a browser in that language.
const LOCALES: Record<string, (() => Promise<{ casual: Chrono }>) | undefined> = {
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
  const code = tag.split('-')[0]?.toLowerCase() ?? ''
  const other = await LOCALES[code]?.()
  const english = englishFor(tag)
  const extras = EXTRAS[code]
  const reader = other?.casual.clone()
  reader?.parsers.push(...(extras?.parsers ?? []))
  return dueParserOf(
    reader ? [{ reader, connector: extras?.connector }, english] : [english],
    normalize,
    wordsLocale(tag),
  )
}
