import { normalizeTaskText } from './listState'
import type { RepeatReader } from './readRepeat'

let loading: Promise<RepeatReader> | undefined

/**
 * The repeat reader for the browser's language, English as the floor: a chunk of its own,
 * loaded once the person types (readRepeat.ts).
 */
export function loadRepeatReader(language = navigator.language): Promise<RepeatReader> {
  loading ??= import('./readRepeat')
    .then(({ repeatReaderOf }) => repeatReaderOf(normalizeTaskText, language))
    .catch((err: unknown) => {
      // Offline before the chunk was kept: tried again with the next draft.
      loading = undefined
      throw err
    })
  return loading
}
