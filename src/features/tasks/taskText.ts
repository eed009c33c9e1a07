import { MAX_TASK_LENGTH } from '../../services/types'

/**
 * The text to store for what was typed, or null when there is nothing to store: trimmed, at
 * most MAX_TASK_LENGTH, with something to see (not only spaces or invisible characters, which
 * firestore.rules refuses too), and one paragraph (line breaks become spaces).
 */
export function normalizeTaskText(raw: string): string | null {
  const text = raw.replace(/\s*[\r\n]+\s*/g, ' ').trim()
  if (text.length > MAX_TASK_LENGTH || !/[^\s\p{Cc}\p{Cf}\p{Z}]/u.test(text)) return null
  return text
}
