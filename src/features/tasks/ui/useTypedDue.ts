import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { loadDueParser } from '../model/loadDueParser'
import { loadRepeatReader } from '../model/loadRepeatReader'
import type { DueParser, FoundDue } from '../model/parseDue'
import type { RepeatReader } from '../model/readRepeat'

/** What the draft holds: a date, or a repeat with its first date. */
export type FoundWhen = FoundDue & { repeat?: string }
interface Readers {
  due: DueParser
  repeat: RepeatReader
}

/**
 * The date or repeat the draft holds, read in a deferred render so a keystroke never waits for
 * the readers; the phrases the person refused stay refused until the draft is emptied. A repeat
 * comes first: its words are no date of their own (dueRules.ts).
 */
export function useTypedDue(draft: string) {
  const [parse, setParse] = useState<Readers | null>(null)
  const [refused, setRefused] = useState<readonly string[]>([])
  if (draft === '' && refused.length > 0) setRefused([])
  const wanted = draft !== ''
  // Loaded when the person starts typing: never in the way of the first paint.
  useEffect(() => {
    if (!wanted || parse) return
    let live = true
    Promise.all([loadDueParser(), loadRepeatReader()]).then(
      ([due, repeat]) => {
        if (live) setParse({ due, repeat })
      },
      // Offline before the parser was kept: the task is added as typed.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [wanted, parse])
  const typed = useDeferredValue(draft)
  const found = useMemo<FoundWhen | null>(
    () => (parse && typed ? (parse.repeat(typed, refused) ?? parse.due(typed, refused)) : null),
    [parse, typed, refused],
  )
  return {
    /** What the hint shows (it may trail the draft by a render: a date is never kept unseen). */
    found,
    refuse: () => {
      if (found) setRefused([...refused, found.phrase])
    },
    /** The date the hint shows for `text`: none before the hint has caught up with it. */
    shownFor: (text: string): FoundWhen | null => (text === typed ? found : null),
  }
}
