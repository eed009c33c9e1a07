import { enGB } from './duePhrases.enGB'
import { enUS } from './duePhrases.enUS'
import { de } from './duePhrases.de'
import { fr } from './duePhrases.fr'

// Phrases as people write them in a task, each with the due it must give, written by hand from
// the calendar (December 2026 begins on a Tuesday; 1 January 2027 is a Friday) and never taken
// from the parser. A time is the local wall time in the group's zone; the runner
// (duePhrases.test.ts) turns it into an instant with Temporal, not with the app's code.

/**
 * [typed, due, text, hint]: due is YYYY-MM-DD, or YYYY-MM-DDTHH:MM for a time, or null when the
 * phrase must give no date (the text is then kept as typed). text: what the task keeps. hint:
 * words the hint under the input must hold (a year, "in 11 days", a clock change).
 */
export type PhraseRow =
  | readonly [typed: string, due: null]
  | readonly [typed: string, due: string, text: string, hint?: string]

export interface PhraseGroup {
  /** Where the phrasings come from. */
  source: string
  /** The browser's language. */
  locale: 'en-GB' | 'en-US' | 'de-DE' | 'fr-FR'
  /** Europe/Berlin unless said. */
  zone?: string
  /** The wall clock, in the zone: Monday 7 December 2026, 10:00 unless said. */
  now?: string
  rows: readonly PhraseRow[]
}

export const PHRASE_GROUPS: readonly PhraseGroup[] = [...enGB, ...enUS, ...de, ...fr]
