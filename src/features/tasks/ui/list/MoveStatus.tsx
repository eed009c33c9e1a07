import { useState, useSyncExternalStore } from 'react'

/** What the list said last; `count` tells one saying from the next. */
interface Said {
  text: string
  count: number
}

/** Says a move's outcome in the list's own status line. */
export interface Announcer {
  say: (text: string) => void
  subscribe: (listener: () => void) => () => void
  current: () => Said | null
}

function createAnnouncer(): Announcer {
  let said: Said | null = null
  const listeners = new Set<() => void>()
  return {
    say: (text) => {
      said = { text, count: (said?.count ?? 0) + 1 }
      for (const listener of listeners) listener()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    current: () => said,
  }
}

/** One announcer for the list's lifetime; saying re-renders only the status line. */
export function useAnnouncer(): Announcer {
  return useState(createAnnouncer)[0]
}

/**
 * A polite status line, visually hidden, where a move says where the task went ("Moved to 3 of
 * 12"). A new element each time, so the same words are said again. It goes with the list, so
 * the next person at a shared computer never finds it.
 */
export function MoveStatus({ announcer }: { announcer: Announcer }) {
  const said = useSyncExternalStore(announcer.subscribe, announcer.current)
  return (
    <div className="visually-hidden" role="status">
      {said && <span key={said.count}>{said.text}</span>}
    </div>
  )
}
