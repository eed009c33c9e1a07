import { ruleOf, type Rule } from './recurrence'
import { dueSentence } from './dueWords'

// A repeat in words, the words the reader takes back (model/readRepeat.ts): what the Edit dialog
// shows can be typed again, and gives the same rule. English, as every word of the app.

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')
const WORKDAYS = '1,2,3,4,5'

const SUFFIXES: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd' }
export const ordinal = (n: number) => {
  const teen = n % 100 >= 11 && n % 100 <= 13
  return `${String(n)}${teen ? 'th' : (SUFFIXES[n % 10] ?? 'th')}`
}

const list = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}` : (names[0] ?? '')

/** "every 3 days", "every other week", "every week". */
function every(interval: number, unit: string) {
  if (interval === 1) return `every ${unit}`
  return interval === 2 ? `every other ${unit}` : `every ${String(interval)} ${unit}s`
}

/** The day of a month: "the 27th", "the last day", "the last Friday", "the 31st". */
function monthDay({ byMonthDay, byDay }: Rule) {
  const [weekday] = byDay
  if (weekday) {
    const nth = weekday.nth === -1 ? 'last' : ordinal(weekday.nth)
    return `${nth} ${DAY_NAMES[weekday.day] ?? ''}`
  }
  const date = Math.max(...byMonthDay)
  return byMonthDay.includes(-1) ? 'last day' : ordinal(date)
}

function words(rule: Rule): string {
  const { freq, interval, byDay, byMonthDay, byMonth } = rule
  switch (freq) {
    case 'DAILY':
      return every(interval, 'day')
    case 'WEEKLY': {
      if (byDay.length === 0) return every(interval, 'week')
      const days = byDay.map(({ day }) => day)
      const named =
        days.join(',') === WORKDAYS ? 'workday' : list(days.map((day) => DAY_NAMES[day] ?? ''))
      if (interval === 1) return `every ${named}`
      if (interval === 2 && days.length === 1) return `every other ${named}`
      return `${every(interval, 'week')} on ${named}`
    }
    case 'MONTHLY': {
      if (byDay.length === 0 && byMonthDay.length === 0) return every(interval, 'month')
      const day = monthDay(rule)
      return interval === 1 ? `every ${day}` : `${every(interval, 'month')} on the ${day}`
    }
    case 'YEARLY': {
      if (byMonth === null) return every(interval, 'year')
      const date = `${String(Math.max(...byMonthDay))} ${MONTHS[byMonth - 1] ?? ''}`
      return interval === 1 ? `every ${date}` : `${every(interval, 'year')} on ${date}`
    }
  }
}

/** What typed again gives `repeat`: "every Monday", "every 3 days after done". */
export function repeatWords(repeat: string): string {
  const rule = ruleOf(repeat)
  return `${words(rule)}${rule.fromCompletion ? ' after done' : ''}`
}

/** What a day the month may not have comes to ("every 31st": the last day of a shorter one). */
function shorterMonths({ freq, lastOfSet, byMonthDay }: Rule) {
  if (!lastOfSet) return ''
  return freq === 'YEARLY'
    ? ' (28 Feb when there is no 29th)'
    : ` (the last day of a month with no ${ordinal(Math.max(...byMonthDay))})`
}

/** The hint's sentence: "Repeats every Monday, next Mon 14 Dec"; "…, next due today, Mon 7 Dec". */
export function repeatSentence(repeat: string, due: string, today: string, locale?: string) {
  const when = dueSentence(due, today, locale)
  const next = /^Due (today|tomorrow|yesterday),/.test(when)
    ? `due ${when.slice(4)}`
    : when.slice(4)
  const rule = ruleOf(repeat)
  return `Repeats ${repeatWords(repeat)}${shorterMonths(rule)}, next ${next}`
}
