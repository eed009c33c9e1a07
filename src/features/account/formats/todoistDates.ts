import type { Chrono } from 'chrono-node/en'
import { englishReader } from '../../../lib/englishDates'
import { due as dues } from '../../tasks'

// Todoist's CSV writes a task's DATE in the words it was typed in ("Dec 3", "tomorrow",
// "every monday at 9am", "2026-12-03 17:00"), English only here. A date is read as of the import
// (forward: "Dec 3" is the next 3 Dec). One that repeats keeps its repeat where the app's reader
// reads its words, due on its first occurrence; else it becomes its next occurrence alone, as
// Todoist shows it: "every" is taken off and the rest read, and a bare interval ("every day",
// "every 2 weeks", "daily") is today. 12/01/2027 is read as the browser writes dates (12 January in
// en-GB): the file does not say which order its owner's Todoist used. A time is kept only where one was written. This module is in the
// account's menu chunk, loaded on pointing at Settings, so the parser is not in the first render.

export interface TodoistDate {
  due: string
  /** It repeated in Todoist; `due` is its next occurrence. */
  repeats: boolean
  /** The repeat kept, where this app reads Todoist's words for it (tasks' readRepeat.ts). */
  repeat?: string
}

/** The tasks feature's repeat reader (loaded with the import), for words that are one repeat. */
export type RepeatOfWords = (words: string, now: Date) => { repeat: string; due: string } | null

const REPEATING = /^(?:every!?|ev!?)\s+(?:other\s+)?|^(daily|weekly|monthly|yearly|annually)\b/i
/** An interval with no day of its own: it starts today (or on the weekday after). */
const INTERVAL =
  /^(?:\d+\s+)?(?:(day|week|month|year|hour|minute|morning|afternoon|evening|night)s?|(weekday|workday)s?|(last day(?: of (?:the )?month)?))\b/i
/** How long it repeats for is no date of its own. */
const UNTIL = /\s+(?:until|ending|for)\s+.*$/i
/** Its first day, when later than today: the next occurrence is counted from there. */
const STARTING = /\s+(?:starting|from|beginning)\s+(.*)$/i
const ORDINAL = /^(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)$/i
/** What may lie between dates the parser read: "mon, fri", "wed at 9am and fri". */
const BETWEEN = /^(?:[\s,;&]|\band\b|\bat\b|\bon\b)*$/i

const partsOf = (date: Date) => ({
  year: date.getFullYear(),
  month: date.getMonth() + 1,
  day: date.getDate(),
})
/** The same local time, `days` later. */
const plusDays = (date: Date, days: number) =>
  new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() + days,
    date.getHours(),
    date.getMinutes(),
  )

/** The soonest date `text` names in full (anything left over: not read), with its time if given. */
function parsed(text: string, reference: Date, chrono: Chrono): string | null {
  const results = chrono.parse(text, reference, { forwardDate: true })
  let rest = text
  for (const { index, text: found } of [...results].reverse()) {
    rest = rest.slice(0, index) + rest.slice(index + found.length)
  }
  const [first] = results.map(({ start }) => start).sort((a, b) => +a.date() - +b.date())
  if (!first || !BETWEEN.test(rest)) return null
  const year = first.get('year')
  const month = first.get('month')
  const day = first.get('day')
  if (year === null || month === null || day === null) return null
  const timed = first.isCertain('hour')
  return dues.dueOfParts({
    year,
    month,
    day,
    ...(timed && { hour: first.get('hour') ?? 0, minute: first.get('minute') ?? 0 }),
  })
}

/** The next occurrence of what follows "every", from `reference` on. */
function nextOccurrence(rule: string, reference: Date, chrono: Chrono): string | null {
  const interval = INTERVAL.exec(rule)
  if (interval) {
    const at = rule.slice(interval[0].length).trim()
    // After an interval, only a time: "every day at 9am".
    const timed = at ? parsed(at, reference, chrono) : null
    if (at && !(timed && dues.hasTime(timed))) return null
    const time = timed ? new Date(timed) : null
    let date = interval[3]
      ? new Date(
          reference.getFullYear(),
          reference.getMonth() + 1,
          0,
          time?.getHours() ?? 0,
          time?.getMinutes() ?? 0,
        )
      : (time ?? reference)
    while (interval[2] && (date.getDay() === 0 || date.getDay() === 6)) date = plusDays(date, 1)
    return dues.dueOfParts({
      ...partsOf(date),
      ...(time && { hour: date.getHours(), minute: date.getMinutes() }),
    })
  }
  const ordinal = ORDINAL.exec(rule)
  if (ordinal) {
    const day = Number(ordinal[1])
    if (day < 1 || day > 31) return null
    // The first month from this one that has that day, on or after today.
    for (let ahead = 0; ahead < 12; ahead++) {
      const date = new Date(reference.getFullYear(), reference.getMonth() + ahead, day)
      if (date.getDate() === day && dues.dayOf(date) >= dues.dayOf(reference)) {
        return dues.dueOfParts(partsOf(date))
      }
    }
    return null
  }
  return parsed(rule, reference, chrono)
}

/** The due a Todoist DATE stands for as of `now`, or null when it cannot be read. */
export function readTodoistDate(
  text: string,
  now: Date,
  language = navigator.language,
  repeatOf?: RepeatOfWords,
): TodoistDate | null {
  const chrono = englishReader(language)
  const words = text.trim().replace(/\s+/g, ' ')
  const repeating = REPEATING.exec(words)
  if (!repeating) {
    const due = parsed(words, now, chrono)
    return due ? { due, repeats: false } : null
  }
  // Words this app reads as a repeat keep it; others ("every day until Dec 31") are added once.
  const kept = repeatOf?.(words, now)
  if (kept) return { due: kept.due, repeats: true, repeat: kept.repeat }
  // "daily" is "every day"; "weekly", "monthly", "yearly" start today too.
  let rule = repeating[1]
    ? `day${words.slice(repeating[0].length)}`
    : words.slice(repeating[0].length)
  rule = rule.replace(UNTIL, '')
  let reference = now
  const starting = STARTING.exec(rule)
  if (starting) {
    const from = parsed(starting[1] ?? '', now, chrono)
    if (!from) return null
    const start = new Date(dues.hasTime(from) ? from : `${from}T00:00`)
    if (start > now) reference = start
    rule = rule.slice(0, starting.index)
  }
  const due = nextOccurrence(rule.trim(), reference, chrono)
  return due ? { due, repeats: true } : null
}
