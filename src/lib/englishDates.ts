import * as en from 'chrono-node/en'
import type { Chrono, Parser } from 'chrono-node/en'
import { tagOf } from './languageTag'

// chrono-node's English as a person's browser writes dates, for the dates typed with a task and
// for Todoist's DATE column on import. Kept out of the first render: only the date parser's
// chunk and the import bring it.

/** Whether the language writes the month before the day (en-US 12/3 is 3 December; en-GB 12 March). */
export function monthFirst(language: string) {
  // A POSIX locale read as its tag; one Intl cannot read as en-GB, as the app's words do.
  const types = new Intl.DateTimeFormat(tagOf(language, 'en-GB'))
    .formatToParts(new Date(2000, 11, 31))
    .map((part) => part.type)
  return types.indexOf('month') < types.indexOf('day')
}

const dayParts = (ref: Date) => ({
  year: ref.getFullYear(),
  month: ref.getMonth() + 1,
  day: ref.getDate(),
})

/**
 * "the 1st", "the 22nd": the next such day of a month, today included (chrono reads a day of the
 * month only with its month).
 */
export const dayOfMonth: Parser = {
  pattern: () => /\bthe\s+([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b/i,
  extract(context, match) {
    const day = Number(match[1])
    const ref = context.refDate
    for (let ahead = 0; ahead < 12; ahead++) {
      const month = new Date(ref.getFullYear(), ref.getMonth() + ahead, 1)
      const fits = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate() >= day
      if (fits && (ahead > 0 || day >= ref.getDate())) {
        return { year: month.getFullYear(), month: month.getMonth() + 1, day }
      }
    }
    return null
  },
}

/**
 * "eod" or "end of (the) day" (today, no time, as no hour was said), "the day after tomorrow"
 * (chrono reads its "tomorrow" alone), "in a fortnight".
 */
const daysAhead: Parser = {
  pattern: () => /\b(?:eod|end of (?:the )?day|(?:the )?day after tomorrow|in a fortnight)\b/i,
  extract: ({ refDate }, [words]) => {
    const ahead = /fortnight/i.test(words) ? 14 : /after/i.test(words) ? 2 : 0
    return dayParts(new Date(refDate.getFullYear(), refDate.getMonth(), refDate.getDate() + ahead))
  },
}

const readers = new Map<boolean, Chrono>()

/** chrono's casual English, reading 12/3 as `language` does, with "the 1st", "eod" and the like. */
export function englishReader(language: string): Chrono {
  const first = monthFirst(language)
  let reader = readers.get(first)
  if (!reader) {
    reader = new en.Chrono(en.configuration.createCasualConfiguration(!first))
    // Day-first, chrono takes "Dec 24" for December 2024 (and "jan 15" for 2015): a number
    // after a month's name is its day in every English, as in en-US. Its only switch is this
    // field of a fresh parser (the table's "fly Dec 24" rows guard it).
    for (const parser of reader.parsers) {
      if ('shouldSkipYearLikeDate' in parser) parser.shouldSkipYearLikeDate = false
    }
    reader.parsers.push(dayOfMonth, daysAhead)
    readers.set(first, reader)
  }
  return reader
}
