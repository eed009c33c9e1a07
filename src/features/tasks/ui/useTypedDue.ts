import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { loadDueParser } from '../model/loadDueParser'
import type { DueParser, FoundDue } from '../model/parseDue'

/**
 * The date the draft holds, read in a deferred render so a keystroke never waits for the
 * parser; the phrases the person refused stay refused until the draft is emptied.
 */
export function useTypedDue(draft: string) {
  const [parse, setParse] = useState<DueParser | null>(null)
  const [refused, setRefused] = useState<readonly string[]>([])
  if (draft === '' && refused.length > 0) setRefused([])
  const wanted = draft !== ''
  // Loaded when the person starts typing: never in the way of the first paint.
  useEffect(() => {
    if (!wanted || parse) return
    let live = true
    loadDueParser().then(
      (loaded) => {
        if (live) setParse(() => loaded)
      },
      // Offline before the parser was kept: the task is added as typed.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [wanted, parse])
  const typed = useDeferredValue(draft)
  const found = useMemo(
    () => (parse && typed ? parse(typed, refused) : null),
    [parse, typed, refused],
  )
  return {
    /** What the hint shows (it may trail the draft by a render: a date is never kept unseen). */
    found,
    refuse: () => {
      if (found) setRefused([...refused, found.phrase])
    },
    /** The date the hint shows for `text`: none before the hint has caught up with it. */
    shownFor: (text: string): FoundDue | null => (text === typed ? found : null),
  }
}
