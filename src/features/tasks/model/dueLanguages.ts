import type { Parser } from 'chrono-node/en'

// What chrono's German and French miss of how people write a date in a task, and the words left
// dangling before one ("Zahnarzt am 15.01.", "rdv le 24 décembre"), dropped with it.

/** The next `month`/`day` from `ref` on, today included. */
function ahead(ref: Date, month: number, day: number) {
  const year = ref.getFullYear()
  const passed = new Date(year, month - 1, day) < new Date(year, ref.getMonth(), ref.getDate())
  return { year: passed ? year + 1 : year, month, day }
}

/** "15.01.", "3.4.": a German day and month, the year's dot left out (chrono wants the year). */
const dottedDay: Parser = {
  pattern: () => /(?<![\d.])([0-3]?\d)\.([01]?\d)\.(?!\d)/,
  extract: ({ refDate }, match) => {
    const day = Number(match[1])
    const month = Number(match[2])
    return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? ahead(refDate, month, day) : null
  },
}

/** "après-demain": chrono reads its "demain" alone. */
const afterTomorrow: Parser = {
  pattern: () => /\baprès[- ]demain\b/i,
  extract: ({ refDate }) => {
    const date = new Date(refDate.getFullYear(), refDate.getMonth(), refDate.getDate() + 2)
    return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }
  },
}

/** "à midi": noon, as chrono reads it without the accent only. */
const noon: Parser = {
  pattern: () => /(?<![\p{L}-])(?:à\s+)?midi\b/iu,
  extract: () => ({ hour: 12, minute: 0 }),
}

export interface LanguageExtras {
  parsers: Parser[]
  connector: RegExp
}

export const EXTRAS: Record<string, LanguageExtras | undefined> = {
  de: { parsers: [dottedDay], connector: /(?:^|\s)(?:am|um|bis|ab|vor|zum|für)$/i },
  fr: { parsers: [afterTomorrow, noon], connector: /(?:^|\s)(?:le|à|pour|avant|d'ici|au)$/i },
}
