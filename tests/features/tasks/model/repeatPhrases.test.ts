import { Temporal } from 'temporal-polyfill'
import { afterAll, describe, expect, it } from 'vitest'
import { normalizeTaskText } from '../../../../src/features/tasks/model/listState'
import { repeatOfWords, repeatReaderOf } from '../../../../src/features/tasks/model/readRepeat'
import { repeatWords } from '../../../../src/features/tasks/model/repeatWords'
import { isRepeat } from '../../../../src/services/taskDocument'
import { REPEAT_GROUPS } from './repeatPhrases.table'

// The repeat table, read by the reader the browser's language gets, on the group's clock and in
// its zone. A first date with a time is turned into an instant with Temporal, not the app's Date
// arithmetic.

const zone = process.env.TZ
afterAll(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})

const instant = (wall: string, timeZone: string) =>
  new Date(
    Temporal.PlainDateTime.from(wall).toZonedDateTime(timeZone).epochMilliseconds,
  ).toISOString()

describe.each(REPEAT_GROUPS.map((group) => [`${group.locale}: ${group.source}`, group] as const))(
  '%s',
  (_, group) => {
    const timeZone = group.zone ?? 'Europe/Berlin'
    const read = repeatReaderOf(normalizeTaskText, group.locale)
    it.each(group.rows.map((row) => [row[0], row] as const))('%j', (typed, row) => {
      process.env.TZ = timeZone
      const now = new Date(instant(group.now ?? '2026-12-07T10:00', timeZone))
      const found = read(typed, [], now)
      const [, rule, due, text] = row
      if (rule === null) {
        expect(found).toBeNull()
        return
      }
      expect(found).toMatchObject({
        repeat: rule,
        due: due.length > 10 ? instant(due, timeZone) : due,
        text,
      })
      expect(isRepeat(found?.repeat)).toBe(true)
      expect(found?.sentence).toMatch(/^Repeats every /)
      // What the Edit dialog shows, typed again, is the same rule.
      expect(repeatOfWords(repeatWords(rule), now)?.repeat).toBe(rule)
    })
  },
)

it('holds at least 60 repeats', () => {
  const rows = REPEAT_GROUPS.flatMap(({ rows: r }) => r)
  expect(rows.filter(([, rule]) => rule !== null).length).toBeGreaterThanOrEqual(60)
})

it('says the hint as the issue asks, and a refused repeat stays text', () => {
  process.env.TZ = 'Europe/Berlin'
  const read = repeatReaderOf(normalizeTaskText, 'en-GB')
  const wednesday = new Date(instant('2026-12-09T10:00', 'Europe/Berlin'))
  expect(read('water plants every monday', [], wednesday)?.sentence).toBe(
    'Repeats every Monday, next Mon 14 Dec',
  )
  expect(read('backup every day', [], wednesday)?.sentence).toBe(
    'Repeats every day, next due today, Wed 9 Dec',
  )
  expect(read('pay every 31st', [], wednesday)?.sentence).toBe(
    'Repeats every 31st (the last day of a month with no 31st), next Thu 31 Dec',
  )
  expect(read('water plants every monday', ['every monday'], wednesday)).toBeNull()
})

it('says the hint in a browser whose language is a POSIX locale (Chromium under LANG=C)', () => {
  process.env.TZ = 'UTC'
  const read = repeatReaderOf(normalizeTaskText, 'en-US@posix')
  expect(read('Bench repeat every day', [], new Date('2026-12-09T10:00:00Z'))).toMatchObject({
    text: 'Bench repeat',
    repeat: 'FREQ=DAILY',
    sentence: 'Repeats every day, next due today, Wed, Dec 9',
  })
})
