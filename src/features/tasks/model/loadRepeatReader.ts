import { normalizeTaskText } from './listState'
import type * as ReadRepeat from './readRepeat'
import type { RepeatReader } from './readRepeat'

let loading: Promise<RepeatReader> | undefined
let module: Promise<typeof ReadRepeat> | undefined

/** The reader's chunk itself (the Edit dialog reads a repeat's words alone). */
export function loadRepeatWords(): Promise<typeof ReadRepeat> {
  module ??= import('./readRepeat').catch((err: unknown) => {
    module = undefined
    throw err
  })
  return module
}

/**
 * The repeat reader for the browser's language, English as the floor: a chunk of its own,
 * loaded once the person types (readRepeat.ts).
 */
export function loadRepeatReader(language = navigator.language): Promise<RepeatReader> {
  loading ??= loadRepeatWords()
    .then(({ repeatReaderOf }) => repeatReaderOf(normalizeTaskText, language))
    .catch((err: unknown) => {
      // Offline before the chunk was kept: tried again with the next draft.
      loading = undefined
      throw err
    })
  return loading
}
