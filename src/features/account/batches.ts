import { MAX_BATCH_WRITES } from '../../services/types'

/**
 * The tasks an import (or its Undo) writes in one batch. Firestore takes 500, but the SDK with
 * its persistent cache stores a batch once per write in it (IndexedDbMutationQueue
 * .addMutationBatch puts the whole batch for each of its mutations), so a batch costs the main
 * thread as the square of its size: 500 held it for seconds, in one task. docs/performance.md
 * has the figures.
 */
export const IMPORT_BATCH = 50

/** `items` in batches of at most `size` (Firestore's most, unless said), in order. */
export const batchesOf = <T>(items: readonly T[], size = MAX_BATCH_WRITES): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  )
