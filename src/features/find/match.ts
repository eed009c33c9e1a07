import type { Task } from '../../services/types'

/**
 * Text as Find compares it: accents dropped (NFD, then no combining marks) and case folded, so
 * "chloe" finds "Chloé" and "ÉTÉ" finds "été". `toLowerCase`, not the locale's: the same on
 * every device; a final sigma folds to σ as Unicode's case folding does.
 */
export const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ς/g, 'σ')

/** The words typed, folded; a task matches when its text contains every one. */
export const wordsOf = (query: string) => fold(query).split(/\s+/).filter(Boolean)

// Folded once per task object (a changed task is a new object), so a keystroke only compares.
const folded = new WeakMap<Task, string>()

export function matches(task: Task, words: readonly string[]) {
  let text = folded.get(task)
  if (text === undefined) folded.set(task, (text = fold(task.task)))
  return words.every((word) => text.includes(word))
}
