import { useEffect, useState } from 'react'
import { importAgainAfterFailure, retryingLoad } from '../../../../lib/helpers'
import type * as Reorder from './reorder'

type ReorderKit = typeof Reorder

const load = retryingLoad(importAgainAfterFailure(() => import('./reorder')))
let loaded: ReorderKit | null = null

/** Loads the drag library now; a list drawn after it has come is drawn with it at once. */
export async function loadReorderKit(): Promise<ReorderKit> {
  loaded = await load()
  return loaded
}

/**
 * The drag library (reorder.tsx), loaded once a list is shown: it is no part of the first
 * render's JavaScript (docs/performance.md). Null until it has come; the rows are drawn
 * without it meanwhile (Alt+Arrow and the menu's Move up and Move down need it not), and drawn
 * anew once it has. A failed download is tried again when a list is next shown.
 */
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
