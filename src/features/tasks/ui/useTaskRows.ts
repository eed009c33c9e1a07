import { useEffect, useState } from 'react'
import { importAgainAfterFailure, retryingLoad } from '../../../lib/helpers'
import type * as TaskRowsModule from './list/TaskRows'

type Rows = typeof TaskRowsModule

const load = retryingLoad(importAgainAfterFailure(() => import('./list/TaskRows')))
let loaded: Rows | null = null

/** Seconds between attempts after a failed download, doubling up to the last. */
const RETRY_SECONDS = [1, 2, 4, 8, 15]

/** Loads the rows' code now; a list drawn after it has come is drawn with it at once. */
export async function loadTaskRows(): Promise<Rows> {
  loaded = await load()
  return loaded
}

/**
 * The rows' code (list/, with its windowing, keys and menus), which is no part of the first
 * render's JavaScript (docs/performance.md): no row can be drawn before the Firestore SDK,
 * loaded after the first paint and far larger, has given the tasks, so it is asked for once a
 * list area is shown and comes well before them. Null until it has come; a failed download is
 * tried again after a pause, as long as the list area is shown.
 */
export function useTaskRows(): Rows | null {
  const [rows, setRows] = useState<Rows | null>(loaded)
  useEffect(() => {
    if (rows) return
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const attempt = (failures: number) => {
      loadTaskRows().then(
        (module) => {
          if (live) setRows(module)
        },
        () => {
          const seconds = RETRY_SECONDS[Math.min(failures, RETRY_SECONDS.length - 1)] ?? 15
          if (live)
            timer = setTimeout(() => {
              attempt(failures + 1)
            }, seconds * 1000)
        },
      )
    }
    attempt(0)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [rows])
  return rows
}
