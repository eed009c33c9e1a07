import type { TabChange, TabSync } from '../types'

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
