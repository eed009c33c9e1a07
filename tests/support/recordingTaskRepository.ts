import type { LoadedTask, Task, TaskField, TaskRepository } from '../../src/services/types'

export type RepositoryCall =
  | { kind: 'load'; email: string }
  | { kind: 'add'; task: Task }
  | { kind: 'addAgain'; task: Task; changedSince: TaskField[] }
  | { kind: 'update'; id: string; changes: Partial<Pick<Task, TaskField>> }
  | { kind: 'delete'; id: string }

/**
 * A TaskRepository that records every call and answers as the test says: writes
 * succeed, fail with a given error, or stay pending until the test settles them. Like a
 * server, it keeps what succeeded writes leave, and loads answer from that.
 */
export function createRecordingRepository(stored: LoadedTask[] = []) {
  const calls: RepositoryCall[] = []
  const documents = new Map<string, LoadedTask>(stored.map((task) => [task.id, { ...task }]))
  let mode: { kind: 'succeed' } | { kind: 'fail'; error: Error } | { kind: 'hang' } = {
    kind: 'succeed',
  }
  const pending: { resolve: () => void; reject: (err: unknown) => void }[] = []
  let nextId = 1
  let holdLoads = false
  const heldLoads: { email: string; release: () => void; fail: (err: Error) => void }[] = []

  const answer = (apply: () => void): Promise<void> => {
    switch (mode.kind) {
      case 'succeed':
        apply()
        return Promise.resolve()
      case 'fail':
        return Promise.reject(mode.error)
      case 'hang':
        return new Promise((resolve, reject) =>
          pending.push({
            resolve: () => {
              apply()
              resolve()
            },
            reject,
          }),
        )
    }
  }

  const repository: TaskRepository = {
    newId: () => `task-${String(nextId++)}`,
    load: (email) => {
      calls.push({ kind: 'load', email })
      const own = () =>
        [...documents.values()].filter((task) => task.email === email).map((task) => ({ ...task }))
      if (!holdLoads) return Promise.resolve(own())
      return new Promise((resolve, reject) => {
        heldLoads.push({
          email,
          release: () => {
            resolve(own())
          },
          fail: reject,
        })
      })
    },
    add: (task) => {
      calls.push({ kind: 'add', task: structuredClone(task) })
      const { id, task: text, isFinished, email, order } = task
      return answer(() => documents.set(id, { id, task: text, isFinished, email, order }))
    },
    addAgain: (task, changedSince) => {
      calls.push({ kind: 'addAgain', task: structuredClone(task), changedSince: [...changedSince] })
      return answer(() => {
        const existing = documents.get(task.id)
        const changes = Object.fromEntries(changedSince.map((field) => [field, task[field]]))
        documents.set(task.id, existing ? { ...existing, ...changes } : { ...task })
      })
    },
    update: (id, changes) => {
      calls.push({ kind: 'update', id, changes: structuredClone(changes) })
      // As Firestore's update: only the fields given, and only of a document that exists.
      if (mode.kind === 'succeed' && !documents.has(id)) {
        return Promise.reject(
          Object.assign(new Error('No document to update'), { code: 'not-found' }),
        )
      }
      return answer(() => {
        const existing = documents.get(id)
        if (existing) documents.set(id, { ...existing, ...changes })
      })
    },
    delete: (id) => {
      calls.push({ kind: 'delete', id })
      return answer(() => documents.delete(id))
    },
  }

  return {
    repository,
    calls,
    writes: () => calls.filter((call) => call.kind !== 'load'),
    /** What the server holds for `email`, sorted by order. */
    serverTasks: (email: string) =>
      [...documents.values()]
        .filter((task) => task.email === email)
        .sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
    /** Another device's doing: the server's tasks of `email` become `tasks`, unrecorded. */
    replaceServerTasks(email: string, tasks: LoadedTask[]) {
      for (const [id, task] of documents) if (task.email === email) documents.delete(id)
      for (const task of tasks) documents.set(task.id, { ...task })
    },
    failWritesWith(error: Error) {
      mode = { kind: 'fail', error }
    },
    succeedWrites() {
      mode = { kind: 'succeed' }
    },
    hangWrites() {
      mode = { kind: 'hang' }
    },
    /** Loads wait until the test releases them with `releaseLoad`. */
    holdLoads() {
      holdLoads = true
    },
    releaseLoad(email: string) {
      for (const load of heldLoads.filter((held) => held.email === email)) load.release()
    },
    failLoad(email: string, err: Error) {
      for (const load of heldLoads.filter((held) => held.email === email)) load.fail(err)
    },
    /** Settles every write left pending by `hangWrites`. */
    settlePending() {
      for (const write of pending.splice(0)) write.resolve()
    },
    rejectPending(error: Error) {
      for (const write of pending.splice(0)) write.reject(error)
    },
  }
}
