import type { ListEntry, ListRepository } from '../../src/services/types'

/**
 * The lists part of the fake repository: an in-memory server of one person's lists, reported
 * live a macrotask after each change (as the SDK does), every write acknowledged.
 */
export function createFakeLists(stored: ListEntry[] = []) {
  const server = new Map(stored.map((list) => [list.id, { ...list }]))
  const watchers = new Set<(snapshot: { lists: ListEntry[]; fromCache: boolean }) => void>()
  const writes: { kind: 'add' | 'change' | 'delete'; id: string; fields?: object }[] = []
  const report = () => {
    setTimeout(() => {
      const lists = [...server.values()].map((list) => ({ ...list }))
      for (const watcher of watchers) watcher({ lists, fromCache: false })
    })
  }
  const repository: ListRepository = {
    watchLists(onLists) {
      watchers.add(onLists)
      report()
      return () => watchers.delete(onLists)
    },
    addList(list) {
      writes.push({ kind: 'add', id: list.id, fields: { ...list } })
      server.set(list.id, { ...list })
      report()
      return Promise.resolve()
    },
    changeList(id, changes) {
      writes.push({ kind: 'change', id, fields: { ...changes } })
      const before = server.get(id)
      if (before) server.set(id, { ...before, ...changes })
      report()
      return Promise.resolve()
    },
    deleteList(id) {
      writes.push({ kind: 'delete', id })
      server.delete(id)
      report()
      return Promise.resolve()
    },
  }
  return { repository, writes, serverLists: () => [...server.values()] }
}
