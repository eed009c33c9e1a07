import { useState, useSyncExternalStore } from 'react'

interface Said {
  text: string
  count: number
}

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

export function useAnnouncer(): Announcer {
  return useState(createAnnouncer)[0]
}

/** A new element each time, so the same words are said again. */
export function MoveStatus({ announcer }: { announcer: Announcer }) {
  const said = useSyncExternalStore(announcer.subscribe, announcer.current)
  return (
    <div className="visually-hidden" role="status">
      {said && <span key={said.count}>{said.text}</span>}
    </div>
  )
}
