import { useEffect, useState } from 'react'
import { importAgainAfterFailure, retryingLoad } from '../../../lib/helpers'
import type * as TaskRowsModule from './list/TaskRows'

type Rows = typeof TaskRowsModule
const load = retryingLoad(importAgainAfterFailure(() => import('./list/TaskRows')))
let loaded: Rows | null = null
const RETRY_SECONDS = [1, 2, 4, 8, 15]

export async function loadTaskRows(): Promise<Rows> {
  loaded = await load()
  return loaded
}

/** Not in the first render's JavaScript: no row can be drawn before the far larger SDK anyway. */
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
