import { normalizeTaskText } from './listState'
import type { DueParser } from './parseDue'

let loading: Promise<DueParser> | undefined

/**
 * The parser for the browser's language, English as the floor: a chunk of its own, loaded once
 * (parseDue.ts).
 */
export function loadDueParser(language = navigator.language): Promise<DueParser> {
  loading ??= import('./parseDue')
    .then(({ dueParserFor }) => dueParserFor(language, normalizeTaskText))
    .catch((err: unknown) => {
      // Offline before the chunk was kept: tried again with the next draft.
      loading = undefined
      throw err
    })
  return loading
}
