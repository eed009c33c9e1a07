import { Temporal } from 'temporal-polyfill'
import { afterAll, describe, expect, it } from 'vitest'
import { nextDue, ruleOf, repeatOf } from '../../../../src/features/tasks/model/recurrence'

// The next occurrence of a repeating task ticked on a day: the oracle is the calendar by hand,
// and Temporal for a wall time's instant in a zone (not the app's Date arithmetic).

const zone = process.env.TZ
afterAll(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})
const inZone = (tz: string) => (process.env.TZ = tz)
const instant = (wall: string, timeZone: string) =>
  new Date(
    Temporal.PlainDateTime.from(wall).toZonedDateTime(timeZone).epochMilliseconds,
  ).toISOString()

const DONE = 'RRULE;X-TODO-FROM=COMPLETION:'

describe('the day after the one it was due, or after today when overdue', () => {
  it.each([
    // [rule, due, ticked on, next]
    ['FREQ=DAILY', '2026-12-07', '2026-12-07', '2026-12-08'],
    ['FREQ=DAILY;INTERVAL=3', '2026-12-07', '2026-12-07', '2026-12-10'],
    // Ticked early: counted from its due, not from today.
    ['FREQ=DAILY;INTERVAL=3', '2026-12-10', '2026-12-07', '2026-12-13'],
    // Overdue: the first after today, in step with the old dates (7, 10, 13, 16…).
    ['FREQ=DAILY;INTERVAL=3', '2026-12-07', '2026-12-15', '2026-12-16'],
    ['FREQ=WEEKLY;BYDAY=MO', '2026-12-07', '2026-12-07', '2026-12-14'],
    ['FREQ=WEEKLY;BYDAY=MO', '2026-11-02', '2026-12-09', '2026-12-14'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-12-11', '2026-12-11', '2026-12-14'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', '2026-12-07', '2026-12-07', '2026-12-09'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=SU', '2026-12-13', '2026-12-13', '2026-12-27'],
    // Overdue by three weeks: the fortnight keeps its step (13, 27 Dec, 10 Jan).
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=SU', '2026-12-13', '2027-01-03', '2027-01-10'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', '2027-01-01', '2027-01-01', '2027-02-01'],
    ['FREQ=MONTHLY;BYDAY=-1FR', '2026-12-25', '2026-12-25', '2027-01-29'],
    ['FREQ=MONTHLY;BYDAY=1MO', '2026-12-07', '2026-12-07', '2027-01-04'],
    ['FREQ=MONTHLY;BYDAY=5MO', '2026-11-30', '2026-11-30', '2027-03-29'],
    ['FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1', '2027-02-01', '2027-02-01', '2027-04-01'],
    ['FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25', '2026-12-25', '2026-12-25', '2027-12-25'],
  ])('%s due %s, ticked on %s: %s', (rule, due, today, next) => {
    expect(nextDue(rule, due, today)).toBe(next)
  })
})

describe('month ends and leap years', () => {
  const EVERY_31ST = 'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1'
  it.each([
    [EVERY_31ST, '2027-01-31', '2027-02-28'],
    [EVERY_31ST, '2027-02-28', '2027-03-31'],
    [EVERY_31ST, '2027-03-31', '2027-04-30'],
    [EVERY_31ST, '2028-01-31', '2028-02-29'],
    ['FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1', '2027-01-30', '2027-02-28'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', '2027-01-31', '2027-02-28'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-31', '2028-02-29'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1', '2028-02-29', '2029-02-28'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1', '2031-02-28', '2032-02-29'],
    // Every 400 years a century is a leap year, the others are not.
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1', '2099-02-28', '2100-02-28'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1', '2399-02-28', '2400-02-29'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', '2027-01-31', '2027-03-31'],
    ['FREQ=DAILY', '2028-02-28', '2028-02-29'],
    ['FREQ=DAILY', '2026-12-31', '2027-01-01'],
  ])('%s due %s: %s', (rule, due, next) => {
    expect(nextDue(rule, due, due)).toBe(next)
  })
})

describe('from completion: counted from the day it is done', () => {
  it.each([
    [`${DONE}FREQ=DAILY;INTERVAL=3`, '2026-12-01', '2026-12-07', '2026-12-10'],
    [`${DONE}FREQ=DAILY;INTERVAL=3`, '2026-12-20', '2026-12-07', '2026-12-10'],
    [`${DONE}FREQ=WEEKLY;INTERVAL=2`, '2026-12-01', '2026-12-09', '2026-12-23'],
    [`${DONE}FREQ=MONTHLY`, '2026-12-01', '2027-01-31', '2027-02-28'],
    [`${DONE}FREQ=YEARLY`, '2026-12-01', '2028-02-29', '2029-02-28'],
  ])('%s due %s, done on %s: %s', (rule, due, today, next) => {
    expect(nextDue(rule, due, today)).toBe(next)
  })
  it('a repeat with no date counts from today', () => {
    expect(nextDue('FREQ=WEEKLY;BYDAY=FR', null, '2026-12-07')).toBe('2026-12-11')
  })
})

describe('a time stays the same wall time', () => {
  it.each([
    // Berlin: summer time from 28 March 2027 (02:00 → 03:00), winter from 31 October 2027.
    ['Europe/Berlin', 'FREQ=WEEKLY;BYDAY=MO', '2027-03-22T09:00', '2027-03-22', '2027-03-29T09:00'],
    ['Europe/Berlin', 'FREQ=DAILY', '2027-03-27T09:00', '2027-03-27', '2027-03-28T09:00'],
    ['Europe/Berlin', 'FREQ=WEEKLY;BYDAY=SA', '2027-10-30T18:30', '2027-10-30', '2027-11-06T18:30'],
    // New York: summer time from 14 March 2027, winter from 7 November 2027.
    [
      'America/New_York',
      'FREQ=WEEKLY;BYDAY=FR',
      '2027-03-12T16:00',
      '2027-03-12',
      '2027-03-19T16:00',
    ],
    ['America/New_York', 'FREQ=DAILY', '2027-11-06T08:00', '2027-11-06', '2027-11-07T08:00'],
    [
      'America/New_York',
      'FREQ=MONTHLY;BYDAY=-1FR',
      '2027-10-29T17:00',
      '2027-10-29',
      '2027-11-26T17:00',
    ],
    // A time the clocks skip on the new day: the time after the gap, as a typed one is.
    ['Europe/Berlin', 'FREQ=DAILY', '2027-03-27T02:30', '2027-03-27', '2027-03-28T03:30'],
  ])('in %s, %s due %s: %s', (timeZone, rule, wall, today, next) => {
    inZone(timeZone)
    expect(nextDue(rule, instant(wall, timeZone), today)).toBe(instant(next, timeZone))
  })

  it('in two zones, each device keeps its own wall time', () => {
    // The same Monday 9:00 in Berlin is 3:00 in New York; each says the same weekday and hour
    // after the clocks change in its own zone.
    inZone('Europe/Berlin')
    const berlin = nextDue(
      'FREQ=WEEKLY;BYDAY=MO',
      instant('2027-03-22T09:00', 'Europe/Berlin'),
      '2027-03-22',
    )
    expect(berlin).toBe(instant('2027-03-29T09:00', 'Europe/Berlin'))
    inZone('America/New_York')
    const newYork = nextDue(
      'FREQ=WEEKLY;BYDAY=MO',
      instant('2027-03-08T09:00', 'America/New_York'),
      '2027-03-08',
    )
    expect(newYork).toBe(instant('2027-03-15T09:00', 'America/New_York'))
  })
})

it('reads and writes every part of a rule in the pattern’s order', () => {
  for (const rule of [
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
    'FREQ=YEARLY;INTERVAL=3;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1',
    'FREQ=MONTHLY;BYDAY=-1FR',
    `${DONE}FREQ=DAILY;INTERVAL=3`,
  ]) {
    expect(repeatOf(ruleOf(rule))).toBe(rule)
  }
})
