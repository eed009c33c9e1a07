import { describe, expect, it } from 'vitest'
import { readTodoistDate } from '../../../../src/features/account/formats/todoistDates'

// Read as of Saturday 28 Nov 2026, 11:20 where the test runs; a time is that local time.
const NOW = new Date(2026, 10, 28, 11, 20)
const at = (month: number, day: number, hour: number, minute = 0) =>
  new Date(2026, month - 1, day, hour, minute).toISOString()

describe('readTodoistDate', () => {
  it.each([
    ['Dec 3', '2026-12-03'],
    ['3 Dec 2026', '2026-12-03'],
    ['Dec 2 2026', '2026-12-02'],
    ['tomorrow', '2026-11-29'],
    ['today', '2026-11-28'],
    ['monday', '2026-11-30'],
    ['next week', '2026-12-05'],
    ['in 3 days', '2026-12-01'],
    // Forward: a day without its year is the next one.
    ['Nov 20', '2027-11-20'],
    // Its own past day, with its year, stays: the task is overdue.
    ['Nov 20 2026', '2026-11-20'],
  ])('%j is the day %s, with no time', (text, due) => {
    expect(readTodoistDate(text, NOW)).toEqual({ due, repeats: false })
  })

  it('reads a date of numbers as the browser writes dates, and a day after a month’s name', () => {
    expect(readTodoistDate('12/01/2027', NOW, 'en-GB')?.due).toBe('2027-01-12')
    expect(readTodoistDate('12/01/2027', NOW, 'en-US')?.due).toBe('2027-12-01')
    // Chromium under LANG=C says "en-US@posix", which Intl refuses: read as en-US, not thrown.
    expect(readTodoistDate('12/01/2027', NOW, 'en-US@posix')?.due).toBe('2027-12-01')
    expect(readTodoistDate('Dec 24', NOW, 'en-GB')?.due).toBe('2026-12-24')
    expect(readTodoistDate('jan 15', NOW, 'de-DE')?.due).toBe('2027-01-15')
  })

  it.each([
    ['2026-12-03 17:00', at(12, 3, 17)],
    ['Dec 3 at 5pm', at(12, 3, 17)],
    ['tue 9:30', at(12, 1, 9, 30)],
  ])('%j keeps its time: %s', (text, due) => {
    expect(readTodoistDate(text, NOW)).toEqual({ due, repeats: false })
  })

  it.each([
    ['every monday', '2026-11-30'],
    ['every other monday', '2026-11-30'],
    ['every! saturday', '2026-11-28'],
    ['every day', '2026-11-28'],
    ['daily', '2026-11-28'],
    ['weekly', '2026-11-28'],
    ['every 2 weeks', '2026-11-28'],
    ['every month', '2026-11-28'],
    ['every weekday', '2026-11-30'],
    ['every 1st', '2026-12-01'],
    ['every 28th', '2026-11-28'],
    ['every 31st', '2026-12-31'],
    ['every last day', '2026-11-30'],
    ['every last day of the month', '2026-11-30'],
    ['every jan 27', '2027-01-27'],
    ['every mon, fri', '2026-11-30'],
    ['every day until Dec 31', '2026-11-28'],
    ['every monday starting Dec 14 2026', '2026-12-14'],
    ['Every  Monday', '2026-11-30'],
  ])('%j repeats: its next occurrence is %s', (text, due) => {
    expect(readTodoistDate(text, NOW)).toEqual({ due, repeats: true })
  })

  it.each([
    // 9 am has passed today: tomorrow's is next.
    ['every day at 9am', at(11, 29, 9)],
    ['daily at 5pm', at(11, 28, 17)],
    ['every monday at 9am', at(11, 30, 9)],
    ['every weekday at 8:15', at(11, 30, 8, 15)],
  ])('%j repeats at a time: next %s', (text, due) => {
    expect(readTodoistDate(text, NOW)).toEqual({ due, repeats: true })
  })

  it.each([
    'someday',
    'every',
    'every 3rd monday',
    'every blue moon',
    'Dec 3 or so',
    'jeden Montag',
  ])('%j cannot be read', (text) => {
    expect(readTodoistDate(text, NOW)).toBeNull()
  })
})
