import { MAX_BATCH_WRITES } from '../../services/types'

/** `items` in batches of at most MAX_BATCH_WRITES, in order. */
export const batchesOf = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / MAX_BATCH_WRITES) }, (_, i) =>
    items.slice(i * MAX_BATCH_WRITES, (i + 1) * MAX_BATCH_WRITES),
  )
