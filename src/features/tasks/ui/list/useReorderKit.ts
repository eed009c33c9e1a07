import { useEffect, useState } from 'react'
import { importAgainAfterFailure, retryingLoad } from '../../../../lib/helpers'
import type * as Reorder from './reorder'

type ReorderKit = typeof Reorder
const load = retryingLoad(importAgainAfterFailure(() => import('./reorder')))
let loaded: ReorderKit | null = null

export async function loadReorderKit(): Promise<ReorderKit> {
  loaded = await load()
  return loaded
}

/** Not in the first render's JavaScript; rows are drawn without it meanwhile. */
export function useReorderKit(): ReorderKit | null {
  const [kit, setKit] = useState(loaded)
  useEffect(() => {
    if (kit) return
    let live = true
    loadReorderKit().then(
      (module) => {
        if (live) setKit(module)
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [kit])
  return kit
}
