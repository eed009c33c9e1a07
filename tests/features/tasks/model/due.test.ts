import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  addDays,
  dayOf,
  dueDay,
  dueKey,
  dueOf,
  dueTime,
  isOverdue,
} from '../../../../src/features/tasks/model/due'
import { dueLabel, dueSentence, wordsLocale } from '../../../../src/features/tasks/model/dueWords'
import { isDue } from '../../../../src/services/taskDocument'

// Node follows a change of TZ at once: each case sets the zone the device would be in.
const zone = process.env.TZ
afterEach(() => {
  // An unset TZ stays unset: `process.env.TZ = undefined` would name a zone "undefined".
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})
const inZone = (tz: string) => (process.env.TZ = tz)

describe('a stored due', () => {
  it('is a day or an instant with its time, nothing else', () => {
    for (const good of [
      '2026-12-03',
      '2028-02-29',
      '2000-02-29',
      '0001-01-01',
      '2026-12-03T17:00:00.000Z',
    ]) {
      expect(isDue(good), good).toBe(true)
    }
    const missing = [
      '2026-02-30',
      '1900-02-29',
      '2026-04-31',
      '0000-01-01',
      '2026-06-31T10:00:00.000Z',
    ]
    for (const bad of [...missing, '2026-13-01', '2026-12-03T17:00', '3 Dec', '', 20261203]) {
      expect(isDue(bad), String(bad)).toBe(false)
    }
  })
})

describe('a day', () => {
  it('is the same calendar day in every zone', () => {
    for (const tz of ['Pacific/Auckland', 'America/Los_Angeles', 'UTC']) {
      inZone(tz)
      expect(dueDay('2026-12-03')).toBe('2026-12-03')
      expect(dueLabel('2026-12-03', '2026-11-20', 'en-GB')).toBe('3 Dec')
    }
  })

  it('counts days across a DST change by the calendar', () => {
    inZone('Europe/London')
    expect(addDays('2027-03-27', 1)).toBe('2027-03-28')
    expect(addDays('2027-03-28', 1)).toBe('2027-03-29')
    expect(dueLabel('2027-03-29', '2027-03-28', 'en-GB')).toBe('Tomorrow')
  })
})

describe('an instant with its time', () => {
  it('shows its time, and its day, in the device’s zone', () => {
    const due = '2026-12-03T20:30:00.000Z'
    inZone('Pacific/Auckland')
    expect([dueDay(due), dueTime(due)]).toEqual(['2026-12-04', '09:30'])
    inZone('America/Los_Angeles')
    expect([dueDay(due), dueTime(due)]).toEqual(['2026-12-03', '12:30'])
  })

  it('is made from a local day and time, on either side of a DST change', () => {
    inZone('Europe/London')
    expect(dueOf('2027-03-27', '09:00')).toBe('2027-03-27T09:00:00.000Z')
    expect(dueOf('2027-03-28', '09:00')).toBe('2027-03-28T08:00:00.000Z')
    expect(dueOf('2027-03-28')).toBe('2027-03-28')
  })
})

describe('what a row says', () => {
  const today = '2026-11-28'
  it('is compact: Today, Tomorrow, a weekday within the week, then the date', () => {
    inZone('UTC')
    expect(
      ['2026-11-27', '2026-11-28', '2026-11-29', '2026-12-04', '2026-12-05', '2027-01-02'].map(
        (due) => dueLabel(due, today, 'en-GB'),
      ),
    ).toEqual(['Yesterday', 'Today', 'Tomorrow', 'Fri', '5 Dec', '2 Jan 2027'])
    expect(dueLabel('2026-12-04T17:00:00.000Z', today, 'en-GB')).toBe('Fri 17:00')
  })

  it('is a sentence for the hint and for screen readers', () => {
    inZone('UTC')
    expect(dueSentence('2026-11-29', today, 'en-GB')).toBe('Due tomorrow, Sun 29 Nov')
    expect(dueSentence('2026-12-04T17:00:00.000Z', today, 'en-GB')).toBe('Due Fri 4 Dec, 17:00')
    expect(dueSentence('2027-12-03', today, 'en-GB')).toBe('Due Fri, 3 Dec 2027')
  })

  it('is in English in every browser: its own English, else British English', () => {
    inZone('UTC')
    expect([wordsLocale('en-US'), wordsLocale('en-AU'), wordsLocale('de-DE')]).toEqual([
      'en-US',
      'en-AU',
      'en-GB',
    ])
    // A German browser once read "Due tomorrow, Di., 8. Dez.".
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE')
    expect(dueSentence('2026-12-08T17:00:00.000Z', '2026-12-07')).toBe(
      'Due tomorrow, Tue 8 Dec, 17:00',
    )
    expect(dueLabel('2026-12-12', today)).toBe('12 Dec')
  })

  it('takes a POSIX locale as the English it names: Chromium under LANG=C says en-US@posix', () => {
    inZone('UTC')
    expect([wordsLocale('en-US@posix'), wordsLocale('en_AU.UTF-8'), wordsLocale('de_DE')]).toEqual([
      'en-US',
      'en-AU',
      'en-GB',
    ])
    expect(wordsLocale('x-1')).toBe('en-GB')
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US@posix')
    expect(dueLabel('2026-12-12', today)).toBe('Dec 12')
  })

  it('says the year, or how many days ahead, where asked', () => {
    inZone('UTC')
    expect(dueSentence('2026-12-03', today, 'en-GB', { year: true })).toBe('Due Thu, 3 Dec 2026')
    expect(dueSentence('2026-12-11', today, 'en-GB', { days: true })).toBe(
      'Due Fri 11 Dec, in 13 days',
    )
  })

  it('is overdue only before today', () => {
    expect(isOverdue('2026-11-27', today)).toBe(true)
    expect(isOverdue('2026-11-28', today)).toBe(false)
    expect(isOverdue(null, today)).toBe(false)
  })
})

it('sorts soonest first, a day before the times on it', () => {
  inZone('UTC')
  const dues = ['2026-12-03T09:00:00.000Z', '2026-12-04', '2026-12-03', '2026-12-02T23:00:00.000Z']
  expect([...dues].sort((a, b) => dueKey(a).localeCompare(dueKey(b)))).toEqual([
    '2026-12-02T23:00:00.000Z',
    '2026-12-03',
    '2026-12-03T09:00:00.000Z',
    '2026-12-04',
  ])
  expect(dayOf(new Date(2026, 0, 5))).toBe('2026-01-05')
})
