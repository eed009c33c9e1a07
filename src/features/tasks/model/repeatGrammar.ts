import type { Frequency, Rule } from './recurrence'

// How a language's repeats are read: a word that starts one ("every", "jeden", "tous les"), the
// forms that may follow it, forms that stand alone ("daily", "montags"), and what may come after
// (a time, "after done"). Each language's words are in its own module beside this one.

export interface Time {
  hour: number
  minute: number
}

/** What the words of a repeat give, before its first day is known. */
export interface ReadRule {
  freq: Frequency
  interval?: number
  byDay?: Rule['byDay']
  /** A day of the month (or -1, the last); one the month may not have is its last day then. */
  monthDay?: number
  byMonth?: number
  time?: Time
  /** False when the time is the words' own ("every morning": 9:00), which a time typed after replaces. */
  timeSaid?: boolean
  fromCompletion?: boolean
}

export interface Found {
  start: number
  end: number
  read: ReadRule
}

/** A form: a regular expression's source, and what its match reads as (null: not a repeat). */
export type Form = readonly [source: string, read: (match: RegExpExecArray) => ReadRule | null]

export interface GrammarWords {
  /** Starts a repeat; a `!` right after it (Todoist's "every!") counts from completion. */
  start: string
  /** What may follow `start`, tried in order. */
  forms: readonly Form[]
  /** Forms without `start`: `anywhere`, or only at the end of the text ("backup daily"). */
  alone?: readonly Form[]
  aloneAtEnd?: readonly Form[]
  /** A time after the repeat's words: its source and what it reads as (null: not a time). */
  times: readonly (readonly [source: string, read: (match: RegExpExecArray) => Time | null])[]
  /** Words saying it counts from completion ("after done"). */
  completion: string
}

export interface RepeatGrammar {
  find(text: string): Found[]
}

/** Not inside a word: "everyday" and "Montagsmaler" are no repeats. */
const END = '(?![\\p{L}\\p{N}])'
const BEGIN = '(?<![\\p{L}\\p{N}])'

const sticky = (source: string) => new RegExp(`${source}${END}`, 'iuy')

/** A time of day as people write it, 24 hours unless `half` ("am"/"pm") says which. */
export function timeOf(hour: string, minute = '0', half = ''): Time | null {
  let h = Number(hour)
  const m = Number(minute)
  if (half) {
    if (h < 1 || h > 12) return null
    h = (h % 12) + (/^p/i.test(half) ? 12 : 0)
  }
  return h <= 23 && m <= 59 ? { hour: h, minute: m } : null
}

export function grammarOf(words: GrammarWords): RepeatGrammar {
  // "every!" may touch what follows; "every" may not ("everyday" is no repeat).
  const start = new RegExp(`${BEGIN}(?:${words.start})(?:(!)\\s*|\\s+)`, 'giu')
  const forms = words.forms.map(([source, read]) => [sticky(source), read] as const)
  const alone = (list: readonly Form[] = [], atEnd: boolean) =>
    list.map(
      ([source, read]) => [new RegExp(`${BEGIN}(?:${source})${END}`, 'giu'), read, atEnd] as const,
    )
  const standing = [...alone(words.alone, false), ...alone(words.aloneAtEnd, true)]
  const times = words.times.map(([source, read]) => [sticky(source), read] as const)
  const completion = sticky(words.completion)

  /** The phrase from `end` on: a time, "after done", a time, in any order they come. */
  function extended(text: string, found: Found): Found {
    let { end } = found
    let read = found.read
    for (let round = 0; round < 2; round++) {
      for (const [source, toTime] of times) {
        source.lastIndex = end
        const match = source.exec(text)
        const time = match && toTime(match)
        if (match && time && (!read.time || read.timeSaid === false)) {
          read = { ...read, time, timeSaid: true }
          end = source.lastIndex
        }
      }
      completion.lastIndex = end
      if (completion.exec(text)) {
        read = { ...read, fromCompletion: true }
        end = completion.lastIndex
      }
    }
    return { ...found, end, read }
  }

  return {
    find(text) {
      const found: Found[] = []
      for (const match of text.matchAll(start)) {
        const at = match.index + match[0].length
        for (const [form, read] of forms) {
          form.lastIndex = at
          const body = form.exec(text)
          const rule = body && read(body)
          if (!body || !rule) continue
          const fromCompletion = match[1] === '!' || rule.fromCompletion
          // A form may have read on past its match's end ("every 2 weeks on monday").
          const end = body.index + body[0].length
          found.push(extended(text, { start: match.index, end, read: { ...rule, fromCompletion } }))
          break
        }
      }
      for (const [form, read, atEnd] of standing) {
        for (const match of text.matchAll(form)) {
          const rule = read(match)
          if (!rule) continue
          const phrase = extended(text, {
            start: match.index,
            end: match.index + match[0].length,
            read: rule,
          })
          if (!atEnd || /^[\s.!?]*$/.test(text.slice(phrase.end))) found.push(phrase)
        }
      }
      return found
    },
  }
}

/** The index of a weekday (0 Sunday) from a name's first letters, in `names` order. */
export const dayIndex = (word: string, names: readonly string[]) => {
  const lower = word.toLowerCase()
  return names.findIndex((name) => lower.startsWith(name))
}

/** Every weekday named in `list` ("mon, wed and fri"), once each, Monday first. */
export function daysIn(
  list: string,
  day: string,
  names: readonly string[],
): NonNullable<ReadRule['byDay']> {
  const days = [...list.matchAll(new RegExp(day, 'giu'))].map((m) => dayIndex(m[0], names))
  return [...new Set(days)]
    .filter((d) => d >= 0)
    .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
    .map((d) => ({ day: d, nth: 0 }))
}

/** A whole number written in digits or in `words` (two… twelve, from 2). */
export const countOf = (written: string, words: readonly string[]) => {
  const at = words.indexOf(written.toLowerCase())
  const n = at >= 0 ? at + 2 : Number(written)
  return Number.isInteger(n) && n >= 1 && n <= 999 ? n : null
}

/** Whether `day` of `month` (1 to 12) exists in some year (29 February does). */
export const dayExists = (day: number, month: number) =>
  day >= 1 && day <= ([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0)
