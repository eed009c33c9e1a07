import * as fr from 'chrono-node/fr'
import type { Parser } from 'chrono-node/fr'

// chrono's French, with what it misses of how a date is written in a task, and the words left
// dangling before one ("rdv le 24 décembre"). In the French chunk: loaded for a French browser only.

/** "après-demain": chrono reads its "demain" alone. */
const afterTomorrow: Parser = {
  pattern: () => /\baprès[- ]demain\b/i,
  extract: ({ refDate }) => {
    const date = new Date(refDate.getFullYear(), refDate.getMonth(), refDate.getDate() + 2)
    return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }
  },
}

/** "à midi": noon, which chrono reads only without the accent. */
const noon: Parser = {
  pattern: () => /(?<![\p{L}-])(?:à\s+)?midi\b/iu,
  extract: () => ({ hour: 12, minute: 0 }),
}

export const casual = fr.casual.clone()
casual.parsers.push(afterTomorrow, noon)

export const connector = /(?:^|\s)(?:le|à|pour|avant|d'ici|au)$/i
