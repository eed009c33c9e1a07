import {
  countOf,
  dayExists,
  daysIn,
  grammarOf,
  timeOf,
  type Form,
  type ReadRule,
} from './repeatGrammar'

// English repeats, as Todoist's quick add reads them and people write them: "every monday",
// "every workday 9:30", "every 1st", "every other sunday", "every 3 days", "every last friday",
// "every 25 dec", "backup daily"; "every! 3 days" or "every 3 days after done" from completion.

const DAY_NAMES = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa']
const DAY =
  '(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)s?(?![\\p{L}])'
const DAYS = `${DAY}(?:\\s*(?:,\\s*(?:and\\s+)?|and\\s+|&\\s*)${DAY})*`
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
const COUNTS = 'two three four five six seven eight nine ten eleven twelve'.split(' ')
const COUNT = `(\\d{1,3}|${COUNTS.join('|')})`
const NTH = '(first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)'
const NTHS = ['first', 'second', 'third', 'fourth', 'fifth']
const ORDINAL = '(\\d{1,2})(?:st|nd|rd|th)'
const OF_MONTH = '(?:\\s+(?:day\\s+)?of\\s+(?:the|each|every)\\s+month)?'
const UNITS = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' } as const

const nthOf = (word: string) =>
  word.toLowerCase() === 'last' ? -1 : NTHS.indexOf(word.toLowerCase()) + 1 || Number(word[0])

const byDay = (list: string) => daysIn(list, DAY, DAY_NAMES)
const monthOf = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1

/** A day of the month by its ordinal, 1 to 31. */
const monthDay = (ordinal: string) => {
  const day = Number(ordinal)
  return day >= 1 && day <= 31 ? day : null
}
const yearly = (day: string, month: string): ReadRule | null => {
  const [date, of] = [Number(day), monthOf(month)]
  return dayExists(date, of) ? { freq: 'YEARLY', byMonth: of, monthDay: date } : null
}

/** What "on …" after a unit adds: a weekday, a day of the month, a date. */
const ON: Record<string, readonly [RegExp, (m: RegExpExecArray) => Partial<ReadRule> | null][]> = {
  week: [[new RegExp(`\\s+on\\s+(${DAYS})`, 'iuy'), (m) => ({ byDay: byDay(m[1] ?? '') })]],
  month: [
    [/\s+on\s+(?:the\s+)?last\s+day/iuy, () => ({ monthDay: -1 })],
    [
      new RegExp(`\\s+on\\s+(?:the\\s+)?${NTH}\\s+(${DAY})`, 'iuy'),
      (m) => ({ byDay: byDay(m[2] ?? '').map(({ day }) => ({ day, nth: nthOf(m[1] ?? '') })) }),
    ],
    [
      new RegExp(`\\s+on\\s+(?:the\\s+)?${ORDINAL}`, 'iuy'),
      (m) => {
        const day = monthDay(m[1] ?? '')
        return day ? { monthDay: day } : null
      },
    ],
  ],
  year: [
    [
      new RegExp(`\\s+on\\s+${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?`, 'iuy'),
      (m) => yearly(m[2] ?? '', m[1] ?? ''),
    ],
    [
      new RegExp(`\\s+on\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}`, 'iuy'),
      (m) => yearly(m[1] ?? '', m[2] ?? ''),
    ],
  ],
}

/** A unit with its count, and what "on …" after it says, read on from the unit's match. */
function unit(interval: number | null, word: string, match: RegExpExecArray): ReadRule | null {
  if (interval === null) return null
  const name = word.toLowerCase().replace(/s$/, '') as keyof typeof UNITS
  const rule: ReadRule = { freq: UNITS[name], interval }
  const input = match.input
  const after = match.index + match[0].length
  for (const [on, read] of ON[name] ?? []) {
    on.lastIndex = after
    const found = on.exec(input)
    const more = found && read(found)
    if (found && more && !/^[\p{L}\p{N}]/u.test(input.slice(on.lastIndex))) {
      // The match grows to hold it: the grammar reads on from its end.
      match[0] = input.slice(match.index, on.lastIndex)
      return { ...rule, ...more }
    }
  }
  return rule
}

const FORMS: readonly Form[] = [
  [
    `${COUNT}\\s+(days?|weeks?|months?|years?)`,
    (m) => unit(countOf(m[1] ?? '', COUNTS), m[2] ?? '', m),
  ],
  ['(?:other|second|2nd)\\s+(day|week|month|year)', (m) => unit(2, m[1] ?? '', m)],
  // "every 2nd tuesday" is a day of the month (below); "every other tuesday", every two weeks.
  [`other\\s+(${DAY})`, (m) => ({ freq: 'WEEKLY', interval: 2, byDay: byDay(m[1] ?? '') })],
  ['(day|week|month|year)', (m) => unit(1, m[1] ?? '', m)],
  [
    '(?:work|week|business)\\s?days?',
    () => ({ freq: 'WEEKLY', byDay: byDay('mon tue wed thu fri') }),
  ],
  ['weekends?', () => ({ freq: 'WEEKLY', byDay: byDay('sat sun') })],
  [`(?:the\\s+)?last\\s+day${OF_MONTH}`, () => ({ freq: 'MONTHLY', monthDay: -1 })],
  [
    `(?:the\\s+)?${NTH}\\s+(${DAY})${OF_MONTH}`,
    (m) => ({
      freq: 'MONTHLY',
      byDay: byDay(m[2] ?? '').map(({ day }) => ({ day, nth: nthOf(m[1] ?? '') })),
    }),
  ],
  [`${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?`, (m) => yearly(m[2] ?? '', m[1] ?? '')],
  [
    `(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}`,
    (m) => yearly(m[1] ?? '', m[2] ?? ''),
  ],
  [
    `(?:the\\s+)?${ORDINAL}${OF_MONTH}`,
    (m) => {
      const day = monthDay(m[1] ?? '')
      return day ? { freq: 'MONTHLY', monthDay: day } : null
    },
  ],
  [`(${DAYS})`, (m) => ({ freq: 'WEEKLY', byDay: byDay(m[1] ?? '') })],
  [
    '(morning|afternoon|evening|night)',
    (m) => ({ freq: 'DAILY', time: TIMES_OF_DAY[(m[1] ?? '').toLowerCase()], timeSaid: false }),
  ],
]

/** Todoist's times for these words. */
const TIMES_OF_DAY: Record<string, { hour: number; minute: number }> = {
  morning: { hour: 9, minute: 0 },
  afternoon: { hour: 12, minute: 0 },
  evening: { hour: 19, minute: 0 },
  night: { hour: 22, minute: 0 },
}

const HALF = '(a\\.?m\\.?|p\\.?m\\.?)'

export const ENGLISH = grammarOf({
  start: 'every|each|ev',
  forms: FORMS,
  // "daily standup" is the name of a thing; "standup daily" says when.
  aloneAtEnd: [
    ['daily', () => ({ freq: 'DAILY' })],
    ['weekly', () => ({ freq: 'WEEKLY' })],
    ['fortnightly', () => ({ freq: 'WEEKLY', interval: 2 })],
    ['monthly', () => ({ freq: 'MONTHLY' })],
    ['yearly|annually', () => ({ freq: 'YEARLY' })],
  ],
  times: [
    [
      `\\s*,?\\s*(?:at|@)\\s*(\\d{1,2})(?:[:.](\\d{2}))?\\s*${HALF}?`,
      (m) => timeOf(m[1] ?? '', m[2], m[3]),
    ],
    [`\\s+(\\d{1,2})(?::(\\d{2}))\\s*${HALF}?`, (m) => timeOf(m[1] ?? '', m[2], m[3])],
    [`\\s+(\\d{1,2})\\s*${HALF}`, (m) => timeOf(m[1] ?? '', '0', m[2])],
    ['\\s+(?:at\\s+)?(noon|midday)', () => ({ hour: 12, minute: 0 })],
  ],
  completion:
    "\\s+(?:after|from)\\s+(?:(?:it(?:'|’)?s|it\\s+is|i(?:'|’)m)\\s+)?(?:done|completion|completed|finished|finishing|i\\s+finish(?:ed)?(?:\\s+it)?)",
})
