import { MAX_TASK_LENGTH } from '../../services/types'

// Something to see: a code point that is not a control (Cc), nor Unicode's White_Space, nor
// Default_Ignorable_Code_Point (zero-width characters, and fillers such as U+3164 HANGUL FILLER
// that fonts draw as nothing). firestore.rules spells out the same set as ranges, since RE2
// knows no Default_Ignorable property; tests/features/tasks/taskText.test.ts checks they agree.
const VISIBLE = /[^\p{Cc}\p{White_Space}\p{Default_Ignorable_Code_Point}]/u

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
