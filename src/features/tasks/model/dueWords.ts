// What a due says, in the person's words and the browser's locale: compact for a row, a sentence
// for the hint and for screen readers. Not in the first render: the rows and the date parser
// bring it.
import { daysBetween, dueDay, hasTime, utc } from './due'

const RELATIVE: Record<number, string> = { [-1]: 'Yesterday', 0: 'Today', 1: 'Tomorrow' }

const timeOf = (due: string, locale?: string) =>
  new Date(due).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })
const dateOf = (day: string, options: Intl.DateTimeFormatOptions, locale?: string) =>
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

/** In words, for the hint and for screen readers: "Due tomorrow, Sat 28 Nov, 17:00". */
export function dueSentence(due: string, today: string, locale?: string) {
  const day = dueDay(due)
  const relative = RELATIVE[daysBetween(today, day)]
  const date = dateOf(
    day,
    {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: day.slice(0, 4) === today.slice(0, 4) ? undefined : 'numeric',
    },
    locale,
  )
  const parts = [relative ? `Due ${relative.toLowerCase()}` : 'Due', date]
  if (hasTime(due)) parts.push(timeOf(due, locale))
  return relative ? parts.join(', ') : `${parts[0] ?? ''} ${parts.slice(1).join(', ')}`
}
