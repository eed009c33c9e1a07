import { useEffect, useMemo, useState } from 'react'
import { importAgainAfterFailure, retryingLoad } from '../../../lib/helpers'
import type { FoundList, NamedList, readListTag } from '../model/listTag'

type Reader = typeof readListTag
const load = retryingLoad(importAgainAfterFailure(() => import('../model/listTag')))
let loaded: Reader | null = null

/**
 * The list the draft names with `#` (model/listTag.ts), read as it is typed. Its reader is a
 * chunk of its own, fetched once the person has a list (nobody else has a `#` read), long before
 * they type one. Refused tags stay refused until the draft is emptied, as a refused date does
 * (useTypedDue.ts).
 */
export function useTypedList(draft: string, lists: readonly NamedList[]) {
  const [refused, setRefused] = useState<readonly string[]>([])
  const [reader, setReader] = useState<Reader | null>(() => loaded)
  const wanted = lists.length > 0
  useEffect(() => {
    if (!wanted || reader) return
    let live = true
    load().then(
      ({ readListTag: read }) => {
        loaded = read
        if (live) setReader(() => read)
      },
      // Not fetched (offline, no copy kept): a `#` stays text, as with My tasks alone.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [wanted, reader])
  if (draft === '' && refused.length > 0) setRefused([])
  const found = useMemo<FoundList | null>(
    () => (reader && wanted ? reader(draft, lists, refused) : null),
    [reader, wanted, draft, lists, refused],
  )
  return {
    found,
    refuse: () => {
      if (found) setRefused([...refused, found.phrase])
    },
  }
}
