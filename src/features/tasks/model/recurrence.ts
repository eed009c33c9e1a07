import { isDue } from '../../../services/taskDocument'
import { addDays, dayOf, daysBetween, dueDay, dueOf, dueTime, hasTime, utc } from './due'

// The repeats this app reads and writes (services/taskDocument.ts's REPEAT_PATTERN), as RFC 5545
// counts them: our own engine, since `rrule` (13.6 kB gzip, tree-shaken or not) carries the whole
// RFC for the subset below (docs/performance.md). Days are counted as calendar days, so a time
// stays the same wall time across a clock change: the due's time is put back on the new day in
// this device's zone (due.ts's dueOf). Weeks begin on Monday (RFC 5545's WKST default).

export type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY'

export interface Rule {
  freq: Frequency
  interval: number
  /** BYDAY: 0 (Sunday) to 6, each with its place in the month (1, -1 the last) or 0 for every. */
  byDay: readonly { day: number; nth: number }[]
  /** BYMONTHDAY: 1 to 31, or -1 for the last. */
  byMonthDay: readonly number[]
  /** BYMONTH: 1 to 12. */
  byMonth: number | null
  /** BYSETPOS=-1: the last of the days listed that the month has ("the 31st, or the last day"). */
  lastOfSet: boolean
  /** Counted from the day it is done, not from its due (Todoist's "every!"). */
  fromCompletion: boolean
}

export const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const
export const FROM_COMPLETION = 'RRULE;X-TODO-FROM=COMPLETION:'

/** The rule of a stored repeat (already of the pattern's shape: taskDocument.ts's isRepeat). */
export function ruleOf(repeat: string): Rule {
  const fromCompletion = repeat.startsWith(FROM_COMPLETION)
  const parts = new Map(
    repeat
      .slice(fromCompletion ? FROM_COMPLETION.length : 0)
      .split(';')
      .map((part) => part.split('=') as [string, string]),
  )
  const list = (name: string) => parts.get(name)?.split(',') ?? []
  return {
    freq: parts.get('FREQ') as Frequency,
    interval: Number(parts.get('INTERVAL') ?? 1),
    byDay: list('BYDAY').map((code) => ({
      day: WEEKDAYS.indexOf(code.slice(-2) as (typeof WEEKDAYS)[number]),
      nth: Number(code.slice(0, -2) || 0),
    })),
    byMonthDay: list('BYMONTHDAY').map(Number),
    byMonth: parts.has('BYMONTH') ? Number(parts.get('BYMONTH')) : null,
    lastOfSet: parts.get('BYSETPOS') === '-1',
    fromCompletion,
  }
}

/** The stored text of `rule`, its parts in the pattern's order. */
export function repeatOf(rule: Rule): string {
  const parts = [`FREQ=${rule.freq}`]
  if (rule.interval !== 1) parts.push(`INTERVAL=${String(rule.interval)}`)
  if (rule.byMonth !== null) parts.push(`BYMONTH=${String(rule.byMonth)}`)
  if (rule.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`)
  if (rule.lastOfSet) parts.push('BYSETPOS=-1')
  if (rule.byDay.length > 0) {
    const codes = rule.byDay.map(
      ({ day, nth }) => `${nth ? String(nth) : ''}${WEEKDAYS[day] ?? ''}`,
    )
    parts.push(`BYDAY=${codes.join(',')}`)
  }
  return `${rule.fromCompletion ? FROM_COMPLETION : ''}${parts.join(';')}`
}

const weekday = (day: string) => new Date(utc(day)).getUTCDay()
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()
const dayIn = (year: number, month: number, date: number) =>
  new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10)

/** The days of `rule` in a month, in order; the anchor's date (or the month's last) by default. */
function daysInMonth(rule: Rule, year: number, month: number, anchor: string): string[] {
  const length = daysIn(year, month)
  let dates: number[]
  if (rule.byMonthDay.length > 0) {
    dates = rule.byMonthDay.map((date) => (date < 0 ? length + 1 + date : date))
  } else if (rule.byDay.length > 0) {
    dates = rule.byDay.map(({ day, nth }) => {
      const first = ((day - weekday(dayIn(year, month, 1)) + 7) % 7) + 1
      const last = first + 7 * Math.floor((length - first) / 7)
      return nth < 0 ? last + 7 * (nth + 1) : first + 7 * (nth - 1)
    })
  } else {
    // "Every month" from the 31st: the last day of a shorter month (as "every 31st" is).
    dates = [Math.min(Number(anchor.slice(8, 10)), length)]
  }
  const valid = [...new Set(dates)]
    .filter((date) => date >= 1 && date <= length)
    .sort((a, b) => a - b)
  const chosen = rule.lastOfSet ? valid.slice(-1) : valid
  return chosen.map((date) => dayIn(year, month, date))
}

/** The days of the `period`th period from the anchor's (a day, a week, a month or a year). */
function periodDays(rule: Rule, anchor: string, period: number): string[] {
  const step = period * rule.interval
  const [year = 0, month = 1] = anchor.split('-').map(Number)
  switch (rule.freq) {
    case 'DAILY':
      return [addDays(anchor, step)]
    case 'WEEKLY': {
      const monday = addDays(anchor, step * 7 - ((weekday(anchor) + 6) % 7))
      const days = rule.byDay.length > 0 ? rule.byDay.map(({ day }) => day) : [weekday(anchor)]
      return days.map((day) => addDays(monday, (day + 6) % 7)).sort()
    }
    case 'MONTHLY': {
      const index = year * 12 + month - 1 + step
      return daysInMonth(rule, Math.floor(index / 12), (index % 12) + 1, anchor)
    }
    case 'YEARLY':
      return daysInMonth(rule, year + step, rule.byMonth ?? month, anchor)
  }
}

/** How many whole periods lie between `from` and `to`: where the search may start. */
function periodsBetween(rule: Rule, from: string, to: string) {
  const months = () =>
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7))
  const units = {
    DAILY: () => daysBetween(from, to),
    WEEKLY: () => Math.floor(daysBetween(from, to) / 7) - 1,
    MONTHLY: months,
    YEARLY: () => Math.floor(months() / 12),
  }[rule.freq]()
  return Math.max(0, Math.floor(units / rule.interval) - 1)
}

/**
 * The first day of `rule` after `after`, counting from `anchor` (its first occurrence, or the
 * day a repeat from completion was done). Null only for a rule with no day left in 400 years.
 */
export function nextDay(rule: Rule, anchor: string, after: string): string | null {
  const start = periodsBetween(rule, anchor, after)
  // A "5th Monday" or a "29 February" skips periods; 400 years hold every calendar there is.
  for (let period = start; period < start + 400 * 12 + 2; period++) {
    const found = periodDays(rule, anchor, period).find((day) => day > after && day >= anchor)
    if (found) return found
  }
  return null
}

/**
 * The due of a repeating task ticked on `today`: the next occurrence after the day it was due,
 * or after today when it is overdue or counts from completion; its time of day kept, as the
 * wall time here. A task with no due counts from today. Null when the rule has no day left.
 */
export function nextDue(repeat: string, due: string | null, today: string): string | null {
  const rule = ruleOf(repeat)
  const was = due === null ? today : dueDay(due)
  const fromToday = rule.fromCompletion || due === null
  const after = fromToday || was < today ? today : was
  const day = nextDay(rule, fromToday ? today : was, after)
  // No day left (every 31 February; a year past 9999, which no due can hold): none.
  if (day === null || !isDue(day)) return null
  return due !== null && hasTime(due) ? dueOf(day, dueTime(due)) : day
}

/**
 * The first due of a repeat typed `now`: its first day from today on (a later one when a time
 * typed has passed today), at that time here.
 */
export function firstDue(rule: Rule, now: Date, time?: { hour: number; minute: number }) {
  const today = dayOf(now)
  let day = nextDay(rule, today, addDays(today, -1))
  const at = (on: string) => (time ? dueOf(on, `${pad(time.hour)}:${pad(time.minute)}`) : on)
  if (day !== null && time && new Date(at(day)) < now) day = nextDay(rule, today, day)
  return day === null ? null : at(day)
}

const pad = (n: number) => String(n).padStart(2, '0')
