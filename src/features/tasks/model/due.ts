// When a task is due, in the person's calendar. A stored due (services/taskDocument.ts) is a
// day, YYYY-MM-DD, which is that day in every zone, or an instant with its time, which is read
// in this device's zone. "Today" is the device's local day (`dayOf`), kept in the store (day.ts).

import { tagOf } from '../../../lib/languageTag'

const pad = (n: number) => String(n).padStart(2, '0')

/** The local calendar day of `date`, YYYY-MM-DD. */
export const dayOf = (date: Date) =>
  `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`

export const hasTime = (due: string) => due.length > 10

/** The day it is due on, here: a day as it is, an instant in this device's zone. */
export const dueDay = (due: string) => (hasTime(due) ? dayOf(new Date(due)) : due)

/** Its local time, HH:MM (24 h), or '' for a day. */
export const dueTime = (due: string) => {
  if (!hasTime(due)) return ''
  const date = new Date(due)
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A local date, and a local time where one was given (as a parser's components give them). */
export interface DateParts {
  year: number
  /** 1 to 12. */
  month: number
  day: number
  hour?: number
  minute?: number
}

/** The due of `parts`: a day, or the instant of that local time in this device's zone. */
export function dueOfParts({ year, month, day, hour, minute = 0 }: DateParts): string {
  if (hour === undefined) return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`
  return new Date(year, month - 1, day, hour, minute).toISOString()
}

/** A due from a day and an optional local time (HH:MM), as the Edit dialog's fields give them. */
export function dueOf(day: string, time = ''): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const [hour, minute] = time ? time.split(':').map(Number) : []
  return dueOfParts({ year, month, day: date, hour, minute })
}

/** Sorts soonest first: a day before the times on that day. */
export const dueKey = (due: string) => (hasTime(due) ? `${dueDay(due)}T${dueTime(due)}` : due)

/** Days are counted in UTC, where every day has 24 hours. */
export const utc = (day: string) => Date.parse(`${day}T00:00:00Z`)
export const daysBetween = (from: string, to: string) => Math.round((utc(to) - utc(from)) / 864e5)
export const addDays = (day: string, days: number) =>
  new Date(utc(day) + days * 864e5).toISOString().slice(0, 10)

/** Open, and due on a day before today. */
export const isOverdue = (due: string | null, today: string) => due !== null && dueDay(due) < today

/** `language` as a BCP 47 tag (src/lib/languageTag.ts). */
export { tagOf }

/**
 * The English dates are written in, for `language` (the browser's): dueWords.ts says why. A
 * POSIX locale as its tag: Chromium under LANG=C says "en-US@posix", which Intl refuses.
 */
export const wordsLocale = (language = navigator.language) => {
  const tag = tagOf(language, 'en-GB')
  return /^en(-|$)/i.test(tag) ? tag : 'en-GB'
}
