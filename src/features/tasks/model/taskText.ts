import { MAX_TASK_LENGTH } from '../../../services/types'

/**
 * Characters drawn as nothing, though Unicode gives them no invisible property, as a regular
 * expression's class content: U+16FE4 KHITAN SMALL SCRIPT FILLER and U+1D159 MUSICAL SYMBOL
 * NULL NOTEHEAD (fillers, blank by design), U+2800 BRAILLE PATTERN BLANK, U+FFF9 to U+FFFB
 * (the interlinear annotation controls) and U+FFFC OBJECT REPLACEMENT CHARACTER (which Chromium
 * lays out with no width). The last five are every code point that Chromium, with this
 * machine's fonts (DejaVu), drew with no ink among all those the check let through before
 * (2026-11-28, each drawn on a canvas).
 */
export const BLANK_LOOKING = '\\u{16FE4}\\u{1D159}\\u2800\\uFFF9-\\uFFFC'

// Something to see: a code point that is not a control (Cc), nor Unicode's White_Space, nor
// Default_Ignorable_Code_Point (zero-width characters, and fillers such as U+3164 HANGUL FILLER
// that fonts draw as nothing), nor BLANK_LOOKING (first in the class: U+16FE4 is a mark, which
// would read as combined with a character before it). firestore.rules spells out the same set
// as ranges, since RE2 knows no Default_Ignorable property; tests/features/tasks/taskText.test.ts
// checks they agree.
const VISIBLE = new RegExp(
  `[^${BLANK_LOOKING}\\p{Cc}\\p{White_Space}\\p{Default_Ignorable_Code_Point}]`,
  'u',
)

/**
 * The text to store for what was typed, or null when there is nothing to store: trimmed, at
 * most MAX_TASK_LENGTH, with something to see (not only spaces or invisible characters, which
 * firestore.rules refuses too), and one paragraph (line breaks become spaces).
 */
export function normalizeTaskText(raw: string): string | null {
  const text = raw.replace(/\s*[\r\n]+\s*/g, ' ').trim()
  if (text.length > MAX_TASK_LENGTH || !VISIBLE.test(text)) return null
  return text
}
