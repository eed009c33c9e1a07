import { useState } from 'react'
import { initialRowKeys, nextRowKeys, type RowKeys } from './rowKeys'

/**
 * The row keys for `ids` (see rowKeys.ts), derived from the keys of the previous render.
 * React's pattern for information from previous renders: the state is adjusted during render,
 * so the new keys are used by this very render and no extra commit happens.
 */
export function useRowKeys(ids: readonly string[]): RowKeys {
  const [keys, setKeys] = useState(() => initialRowKeys(ids))
  if (keys.ids === ids) return keys
  const next = nextRowKeys(keys, ids)
  setKeys(next)
  return next
}
