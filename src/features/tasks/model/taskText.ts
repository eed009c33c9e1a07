import { MAX_TASK_LENGTH } from '../../../services/types'

// Drawn as nothing though Unicode marks them visible: two fillers, U+2800 BRAILLE PATTERN BLANK,
// the interlinear annotation controls and U+FFFC (no width in Chromium); the last five are all
// Chromium drew with no ink in DejaVu of what the check let through (2026-11-28, on a canvas).
export const BLANK_LOOKING = '\\u{16FE4}\\u{1D159}\\u2800\\uFFF9-\\uFFFC'

// BLANK_LOOKING first: U+16FE4 is a mark, which would combine with a character before it.
// firestore.rules spells the same set as ranges (RE2 has no Default_Ignorable); a test checks.
const VISIBLE = new RegExp(
  `[^${BLANK_LOOKING}\\p{Cc}\\p{White_Space}\\p{Default_Ignorable_Code_Point}]`,
  'u',
)

/** Trimmed, one paragraph, within MAX_TASK_LENGTH and visible; else null. */
export function normalizeTaskText(raw: string): string | null {
  const text = raw.replace(/\s*[\r\n]+\s*/g, ' ').trim()
  if (text.length > MAX_TASK_LENGTH || !VISIBLE.test(text)) return null
  return text
}
