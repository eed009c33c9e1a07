import type { Task } from './types'

/** A change made in one tab, for the other tabs of the same browser. */
export interface TabChange {
  email: string
  upserts: Task[]
  deletes: string[]
}

/** Tells the other tabs of this browser about changes to the list, and hears theirs. */
export interface TabSync {
  publish(change: TabChange): void
  /** Returns an unsubscribe. */
  subscribe(listener: (change: TabChange) => void): () => void
}

export function createBroadcastTabSync(name = 'todo-tasks'): TabSync {
  if (typeof BroadcastChannel === 'undefined') {
    return { publish: () => undefined, subscribe: () => () => undefined }
  }
  const channel = new BroadcastChannel(name)
  return {
    publish: (change) => {
      channel.postMessage(change)
    },
    subscribe: (listener) => {
      const onMessage = (event: MessageEvent<TabChange>) => {
        listener(event.data)
      }
      channel.addEventListener('message', onMessage)
      return () => {
        channel.removeEventListener('message', onMessage)
      }
    },
  }
}
