import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/**
 * Gives Firestore Lite our BigInt `Integer` (src/services/firebase/firestoreInteger.ts says why) in
 * place of the Closure blob it imports. Only Firestore's own import is redirected, so tests
 * can still compare the two.
 */
export function firestoreInteger(): Plugin {
  const replacement = fileURLToPath(
    new URL('../../src/services/firebase/firestoreInteger.ts', import.meta.url),
  )
  return {
    name: 'todo:firestore-integer',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === '@firebase/webchannel-wrapper/bloom-blob' &&
      importer?.includes('/node_modules/@firebase/firestore/')
        ? replacement
        : null,
  }
}
