import * as de from 'chrono-node/de'
import { describe, expect, it } from 'vitest'
import { dueOfParts } from '../../../../src/features/tasks/model/due'
import { loadDueParser } from '../../../../src/features/tasks/model/loadDueParser'
import { monthFirst } from '../../../../src/lib/englishDates'
import { dueParserOf, englishFor, tagOf } from '../../../../src/features/tasks/model/parseDue'
import { normalizeTaskText } from '../../../../src/features/tasks/model/listState'

// Read at a fixed moment: Friday 27 November 2026, 10:00, in the zone the tests run in.
const NOW = new Date(2026, 10, 27, 10, 0)
const us = dueParserOf([englishFor('en-US')], normalizeTaskText)
const gb = dueParserOf([englishFor('en-GB')], normalizeTaskText)
const day = (month: number, date: number, year = 2026) => dueOfParts({ year, month, day: date })
const at = (month: number, date: number, hour: number, minute = 0) =>
  dueOfParts({ year: 2026, month, day: date, hour, minute })

describe('a date typed with the task', () => {
  it.each([
    ['buy milk tomorrow', 'buy milk', day(11, 28), 'tomorrow'],
    ['call Chloé fri 5pm', 'call Chloé', at(11, 27, 17), 'fri 5pm'],
    ['rent on the 1st', 'rent', day(12, 1), 'the 1st'],
    ['report next week', 'report', day(12, 4), 'next week'],
    ['dentist 12/3', 'dentist', day(12, 3), '12/3'],
    ['call back in 3 days', 'call back', day(11, 30), 'in 3 days'],
  ])('"%s" becomes "%s", due %s', (typed, text, due, phrase) => {
    expect(us(typed, [], NOW)).toMatchObject({ text, due, phrase })
  })

  it('keeps the words around the date, and one space between them', () => {
    expect(us('Meet Friday the band', [], NOW)).toEqual({
      text: 'Meet the band',
      // Today is a Friday.
      due: day(11, 27),
      phrase: 'Friday',
      sentence: expect.stringMatching(/^Due today, Fri/) as unknown,
    })
    expect(us('pay bills by May 3, online', [], NOW)?.text).toBe('pay bills, online')
    expect(us('water plants - tomorrow', [], NOW)?.text).toBe('water plants')
  })

  it('gives a time only where one was typed', () => {
    expect(us('see you at 3pm tomorrow', [], NOW)).toMatchObject({
      text: 'see you',
      due: at(11, 28, 15),
    })
    expect(us('lunch tomorrow', [], NOW)?.due).toBe(day(11, 28))
  })

  it('reads "May" as a month (the hint lets the person refuse it), never a name', () => {
    expect(us('Ask May about the party', [], NOW)).toBeNull()
    expect(us('plant roses in May', [], NOW)).toMatchObject({ due: day(5, 1, 2027), phrase: 'May' })
  })

  it('leaves no empty task: a date alone is text', () => {
    expect(us('tomorrow', [], NOW)).toBeNull()
    expect(us('on Friday', [], NOW)).toBeNull()
    expect(us('   next week  ', [], NOW)).toBeNull()
  })

  it('finds no date in most text, nor in a moment from now', () => {
    expect(us('Buy milk', [], NOW)).toBeNull()
    expect(us('Call mum now', [], NOW)).toBeNull()
    expect(us('a second coat of paint', [], NOW)).toBeNull()
    expect(us('Send it before Friday', [], NOW)?.text).toBe('Send it')
  })

  it('reads 12/3 as the browser writes dates: 3 December in the US, 12 March in Britain', () => {
    expect(us('dentist 12/3', [], NOW)?.due).toBe(day(12, 3))
    expect(gb('dentist 12/3', [], NOW)?.due).toBe(day(3, 12, 2027))
    expect(monthFirst('en-US')).toBe(true)
    expect(monthFirst('en')).toBe(true)
    expect(monthFirst('en-GB')).toBe(false)
    expect(monthFirst('en-AU')).toBe(false)
    // Chromium under LANG=C, and a POSIX name: read as their tags; what Intl cannot read, en-GB.
    expect(monthFirst('en-US@posix')).toBe(true)
    expect(monthFirst('en_AU.UTF-8')).toBe(false)
    expect(monthFirst('!!')).toBe(false)
  })

  it('reads no date in a short day or month name that is a word, alone and in lower case', () => {
    for (const text of ['Buy sun cream', 'Pick up sat nav', 'new wed planner']) {
      expect(us(text, [], NOW), text).toBeNull()
    }
    expect(us('Buy sun cream Sat', [], NOW)?.text).toBe('Buy sun cream')
  })

  it('passes over a refused phrase, as it grows, and offers another', () => {
    expect(us('Meet Friday the band', ['Friday'], NOW)).toBeNull()
    expect(us('Meet Fri', ['Fri'], NOW)).toBeNull()
    expect(us('Meet Friday', ['Fri'], NOW)).toBeNull()
    expect(us('Meet Friday the band tomorrow', ['Friday'], NOW)).toMatchObject({
      text: 'Meet Friday the band',
      phrase: 'tomorrow',
    })
  })

  it('reads the day of the month ahead, today included, in a month that has it', () => {
    expect(us('rent on the 27th', [], NOW)?.due).toBe(day(11, 27))
    expect(us('rent on the 26th', [], NOW)?.due).toBe(day(12, 26))
    expect(us('pay the 31st', [], new Date(2026, 1, 2))?.due).toBe(day(3, 31))
  })

  it("tries the browser's language first, English after it", () => {
    const german = dueParserOf([{ reader: de.casual }, englishFor('de-DE')], normalizeTaskText)
    expect(german('Milch kaufen morgen', [], NOW)).toMatchObject({
      text: 'Milch kaufen',
      due: day(11, 28),
    })
    expect(german('buy milk tomorrow', [], NOW)).toMatchObject({ text: 'buy milk' })
    expect(german('Zahnarzt 12/3', [], NOW)?.due).toBe(day(3, 12, 2027))
  })

  it('takes a POSIX locale, or a tag it cannot read, as the language it names or English', () => {
    expect(tagOf('en-US@posix')).toBe('en-US')
    expect(tagOf('de_DE.UTF-8')).toBe('de-DE')
    expect(tagOf('x-1')).toBe('en')
    expect(tagOf('')).toBe('en')
  })

  it('loads the parser for the language once', async () => {
    const parse = await loadDueParser('fr-FR')
    expect(parse('acheter du lait demain', [], NOW)).toMatchObject({ text: 'acheter du lait' })
    expect(await loadDueParser('fr-FR')).toBe(parse)
  })
})
