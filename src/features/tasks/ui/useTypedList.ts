import { useMemo, useState } from 'react'
import { readListTag, type FoundList, type NamedList } from '../model/listTag'

/**
 * The list the draft names with `#` (model/listTag.ts), read as it is typed: it needs no chunk
 * and is quick, so the hint never trails the draft. Refused tags stay refused until the draft is
 * emptied, as a refused date does (useTypedDue.ts).
 */
export function useTypedList(draft: string, lists: readonly NamedList[]) {
  const [refused, setRefused] = useState<readonly string[]>([])
  if (draft === '' && refused.length > 0) setRefused([])
  const found = useMemo<FoundList | null>(
    () => readListTag(draft, lists, refused),
    [draft, lists, refused],
  )
  return {
    found,
    refuse: () => {
      if (found) setRefused([...refused, found.phrase])
    },
  }
}
