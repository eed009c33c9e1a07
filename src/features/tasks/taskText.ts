import { MAX_TASK_LENGTH } from '../../services/types'

/** The text to store for what the user typed, or null when it must not be stored. */
export function normalizeTaskText(raw: string): string | null {
  const text = raw.trim()
  if (text.length === 0 || text.length > MAX_TASK_LENGTH) return null
  return text
}
