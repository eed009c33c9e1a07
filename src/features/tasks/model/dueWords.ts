// What a due says: compact for a row, a sentence for the hint and for screen readers. Not in the
// first render: the rows and the date parser bring it. The app's words are English, so its dates
// are too, as the browser writes English ("Tue 8 Dec, 17:00", "Tue, Dec 8, 5:00 PM"), else as
// British English, day first and 24 hours as most of Europe writes: a German browser's
// "Di., 8. Dez." inside "Due tomorrow, …" was two languages in one sentence, and a screen
// reader reads the page's English voice over both.
import { daysBetween, dueDay, hasTime, utc, wordsLocale } from './due'

export { wordsLocale } from './due'

const RELATIVE: Record<number, string> = { [-1]: 'Yesterday', 0: 'Today', 1: 'Tomorrow' }

const timeOf = (due: string, locale = wordsLocale()) =>
  new Date(due).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })
const dateOf = (day: string, options: Intl.DateTimeFormatOptions, locale = wordsLocale()) =>
  new Date(utc(day)).toLocaleDateString(locale, { ...options, timeZone: 'UTC' })

/** Compact, for a row: "Today", "Tomorrow", "Fri", "3 Dec", "3 Dec 2027"; with its time. */
export function dueLabel(due: string, today: string, locale?: string) {
  const day = dueDay(due)
  const days = daysBetween(today, day)
  const date =
    RELATIVE[days] ??
    (days > 1 && days < 7
      ? dateOf(day, { weekday: 'short' }, locale)
      : dateOf(
          day,
          {
            day: 'numeric',
            month: 'short',
            year: day.slice(0, 4) === today.slice(0, 4) ? undefined : 'numeric',
          },
          locale,
        ))
  return hasTime(due) ? `${date} ${timeOf(due, locale)}` : date
}

/** What a hint makes plain where a phrase may be read two ways ("3/4", "next fri"). */
export interface Explicit {
  /** The year, even this year's. */
  year?: boolean
  /** How many days ahead. */
  days?: boolean
}

const longDate = (day: string, year: boolean, locale?: string) =>
  dateOf(
    day,
    { weekday: 'short', day: 'numeric', month: 'short', year: year ? 'numeric' : undefined },
    locale,
  )

/** In words, for the hint and for screen readers: "Due tomorrow, Sat 28 Nov, 17:00". */
export function dueSentence(due: string, today: string, locale?: string, explicit: Explicit = {}) {
  const day = dueDay(due)
  const days = daysBetween(today, day)
  const relative = RELATIVE[days]
  const date = longDate(
    day,
    explicit.year === true || day.slice(0, 4) !== today.slice(0, 4),
    locale,
  )
  const parts = [relative ? `Due ${relative.toLowerCase()}` : 'Due', date]
  if (hasTime(due)) parts.push(timeOf(due, locale))
  if (explicit.days && days > 1) parts.push(`in ${String(days)} days`)
  return relative ? parts.join(', ') : `${parts[0] ?? ''} ${parts.slice(1).join(', ')}`
}

/** A time typed on the day the clocks change ("02:30", "03:30"), said before it is kept. */
export function clockNote(
  change: 'skipped' | 'twice',
  typed: string,
  used: string,
  day: string,
  locale?: string,
) {
  const on = longDate(day, true, locale)
  return change === 'skipped'
    ? `${typed} does not exist on ${on} here (the clocks go forward): ${used} used.`
    : `${typed} comes twice on ${on} here (the clocks go back): the first ${typed} used.`
}

/** A time of day in words, though it may not exist: "02:30", "2:30 AM". */
export const clockTime = (hour: number, minute: number, locale?: string) =>
  new Date(Date.UTC(2000, 0, 1, hour, minute)).toLocaleTimeString(locale ?? wordsLocale(), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  })
