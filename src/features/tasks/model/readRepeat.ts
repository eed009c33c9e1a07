import { dayOf } from './due'
import { firstDue, repeatOf, type Rule } from './recurrence'
import { repeatSentence } from './repeatWords'
import { wordsLocale } from './dueWords'
import type { ReadRule, RepeatGrammar } from './repeatGrammar'
import { ENGLISH } from './repeatEnglish'
import { FRENCH, GERMAN } from './repeatLanguages'

// A repeat typed in the task ("water plants every monday", "standup every workday 9:30"): the
// rule, its first date and the text without its words. Our own reader: chrono-node reads no
// repeats, and `rrule`'s refuses "every workday" and reads "daily" as yearly. A chunk of its own,
// loaded once the person types, like the date parser (loadRepeatReader.ts).

export interface FoundRepeat {
  /** The task's text without the repeat's words. */
  text: string
  /** Its first date: a day, or an instant when a time was typed. */
  due: string
  /** The stored rule (services/taskDocument.ts). */
  repeat: string
  /** The words read, as typed. */
  phrase: string
  /** "Repeats every Monday, next Mon 14 Dec". */
  sentence: string
}

export type RepeatReader = (
  text: string,
  refused?: readonly string[],
  now?: Date,
) => FoundRepeat | null
export type Normalize = (text: string) => string | null

const SHORTEST = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
/**
 * The days listed for a day of the month some months lack: "every 31st" is the 31st, or the
 * last day of a shorter month (as Todoist does), which RFC 5545 says as the last of 28-31.
 */
const monthDays = (day: number, month?: number) => {
  const shortest = month === undefined ? 28 : (SHORTEST[month - 1] ?? 28)
  if (day <= shortest) return { byMonthDay: [day], lastOfSet: false }
  const days = Array.from({ length: day - shortest + 1 }, (_, i) => shortest + i)
  return { byMonthDay: days, lastOfSet: true }
}

/** The stored rule of what was read, counted from `today` where the words name no day. */
export function ruleFrom(read: ReadRule, today: string): Rule {
  const [year, month, date] = today.split('-').map(Number) as [number, number, number]
  const fromCompletion = read.fromCompletion === true
  const rule: Rule = {
    freq: read.freq,
    interval: read.interval ?? 1,
    byDay: read.byDay ?? [],
    byMonthDay: [],
    byMonth: null,
    lastOfSet: false,
    fromCompletion,
  }
  // A repeat from completion counts from the day it is done: no day of its own.
  if (fromCompletion) return rule
  if (read.freq === 'WEEKLY' && rule.byDay.length === 0) {
    rule.byDay = [{ day: new Date(Date.UTC(year, month - 1, date)).getUTCDay(), nth: 0 }]
  }
  if (read.freq === 'MONTHLY' && rule.byDay.length === 0) {
    Object.assign(rule, monthDays(read.monthDay ?? date))
  }
  if (read.freq === 'YEARLY') {
    rule.byMonth = read.byMonth ?? month
    Object.assign(rule, monthDays(read.monthDay ?? date, rule.byMonth))
  }
  return rule
}

/**
 * Words after a repeat that end or start it ("until friday", "for 3 times", "starting next
 * week"; German "bis", French "jusqu'à", "à partir de"), which the app does not keep.
 */
const BOUNDED =
  /^(?:until|till|til|through|thru|ending|starting|beginning|for\s+\d+\s|for\s+(?:one|two|three|four|five|six|seven|eight|nine|ten)\s|bis\b|ab\s+(?:dem|nächste|morgen)|jusqu|à\s+partir|a\s+partir|pendant\b)/iu

const refusedIn = (phrase: string, refused: readonly string[]) =>
  refused.some((no) => no.toLowerCase() === phrase.toLowerCase())

/** The grammars for `language`: its own first where there is one, then English. */
export function grammarsFor(language: string): RepeatGrammar[] {
  const own = { de: GERMAN, fr: FRENCH }[language.slice(0, 2).toLowerCase()]
  return own ? [own, ENGLISH] : [ENGLISH]
}

/** The last repeat in `text` of any of `grammars`, as [start, end, what it reads]. */
function lastRepeat(text: string, grammars: readonly RepeatGrammar[], refused: readonly string[]) {
  let best: { start: number; end: number; read: ReadRule } | null = null
  for (const grammar of grammars) {
    for (const found of grammar.find(text)) {
      const phrase = text.slice(found.start, found.end)
      if (refusedIn(phrase, refused)) continue
      // The one that ends last, then the longest ("le 1er de chaque mois", not "chaque mois").
      const later = !best || found.end > best.end
      if (later || (found.end === best?.end && found.start < best.start)) best = found
    }
  }
  return best
}

export function repeatReaderOf(
  normalize: Normalize,
  language = 'en',
  locale = wordsLocale(language),
): RepeatReader {
  const grammars = grammarsFor(language)
  return (text, refused = [], now = new Date()) => {
    const found = lastRepeat(text, grammars, refused)
    if (!found) return null
    const today = dayOf(now)
    const rule = ruleFrom(found.read, today)
    const due = firstDue(rule, now, found.read.time)
    if (due === null) return null
    const before = text
      .slice(0, found.start)
      .trimEnd()
      .replace(/\s*[,;:–—-]+$/, '')
    const after = text.slice(found.end).trimStart()
    // A repeat with an end or a start is not one this app keeps: all its words stay text.
    if (BOUNDED.test(after)) return null
    const rest = normalize(
      `${before}${/^[,;:.!?]/.test(after) ? '' : ' '}${after}`.replace(/\s+/g, ' '),
    )
    if (rest === null) return null
    const repeat = repeatOf(rule)
    return {
      text: rest,
      due,
      repeat,
      phrase: text.slice(found.start, found.end),
      sentence: repeatSentence(repeat, due, today, locale),
    }
  }
}

/**
 * The repeat of `words` alone ("every monday", as the Edit dialog and a Todoist file hold them),
 * read in English and `language`; null when they are not one repeat and nothing more.
 */
export function repeatOfWords(words: string, now = new Date(), language = 'en') {
  const text = words.trim()
  for (const grammar of grammarsFor(language)) {
    const found = grammar.find(text).find(({ start, end }) => start === 0 && end === text.length)
    if (!found) continue
    const rule = ruleFrom(found.read, dayOf(now))
    const due = firstDue(rule, now, found.read.time)
    return due === null
      ? null
      : { repeat: repeatOf(rule), due, timed: found.read.time !== undefined }
  }
  return null
}
