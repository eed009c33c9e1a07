import type { LoadedTask, Task, TaskRepository } from './types'

/**
 * Keeps tasks in memory for the life of the page. It stands in for the hosted
 * database where none is configured, with the same contract.
 */
export function createMemoryTaskRepository(): TaskRepository {
  const documents = new Map<string, Task>()
  let nextId = 0
  return {
    newId: () => `local-${String(Date.now())}-${String(nextId++)}`,
    load: (email) => {
      const own: LoadedTask[] = [...documents.values()].filter((task) => task.email === email)
      return Promise.resolve(own.map((task) => ({ ...task })))
    },
    add: (task) => {
      documents.set(task.id, { ...task })
      return Promise.resolve()
    },
    update: (id, task) => {
      const stored = documents.get(id)
      if (!stored) return Promise.reject(new Error(`No document tasks/${id}`))
      documents.set(id, { ...stored, ...task, id })
      return Promise.resolve()
    },
    delete: (id) => {
      documents.delete(id)
      return Promise.resolve()
    },
  }
}
