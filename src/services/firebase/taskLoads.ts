import type { FirebaseSettings } from '../../config/env'
import type { LoadedTask, Logger } from '../types'
import type { TaskQueryAnswer, TaskQueryRequest } from './taskQuery'

/** Asks the task query (taskQuery.ts); answers come back in the order asked. */
export type AskTaskQuery = (request: TaskQueryRequest) => Promise<TaskQueryAnswer>

/**
 * The task query in a Web Worker, started on first use. A worker that fails (its script did not
 * download, say) fails the calls waiting on it and is replaced by a new one on the next call.
 */
export function workerTaskQuery(): AskTaskQuery {
  let worker: Worker | null = null
  let nextId = 0
  const waiting = new Map<number, (answer: TaskQueryAnswer) => void>()

  const start = () => {
    const started = new Worker(new URL('./taskQuery.worker.ts', import.meta.url), {
      type: 'module',
    })
    started.onmessage = ({ data }: MessageEvent<{ id: number; answer: TaskQueryAnswer }>) => {
      waiting.get(data.id)?.(data.answer)
      waiting.delete(data.id)
    }
    started.onerror = (event) => {
      event.preventDefault()
      started.terminate()
      if (worker === started) worker = null
      const message = `The task query could not run: ${event.message || 'worker failed'}`
      for (const settle of waiting.values()) settle({ ok: false, code: 'unavailable', message })
      waiting.clear()
    }
    return started
  }

  return (request) =>
    new Promise((resolve) => {
      const id = ++nextId
      waiting.set(id, resolve)
      ;(worker ??= start()).postMessage({ id, request })
    })
}

/** A failed query, as Firestore Lite's errors look to our code (a `code` to check). */
class TaskQueryError extends Error {
  override name = 'FirebaseError'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * `load` for the repository: each answer is applied to the list held from the last one, so an
 * unchanged list comes back as the same array, and unchanged tasks as the same objects (the
 * merge and the reducer then find nothing to do).
 */
export function createTaskLoads(
  ask: AskTaskQuery,
  settings: FirebaseSettings,
  idToken: () => Promise<string | null>,
  logger: Logger,
): (email: string) => Promise<LoadedTask[]> {
  let held: { email: string; version: number; list: LoadedTask[] } | null = null

  const apply = (email: string, answer: TaskQueryAnswer & { ok: true }): LoadedTask[] | null => {
    for (const id of answer.skipped) logger.warn(`Skipped the malformed task document ${id}`)
    if (answer.base === null) {
      held = { email, version: answer.version, list: answer.changed }
      return held.list
    }
    // An answer to a version no longer held (two loads at once): ask for the whole list.
    if (held?.email !== email || held.version !== answer.base) return null
    if (answer.changed.length > 0 || answer.removed.length > 0) {
      const byId = new Map(held.list.map((task) => [task.id, task]))
      for (const id of answer.removed) byId.delete(id)
      for (const task of answer.changed) byId.set(task.id, task)
      held = { email, version: answer.version, list: [...byId.values()] }
    } else held = { ...held, version: answer.version }
    return held.list
  }

  const load = async (email: string, whole = false): Promise<LoadedTask[]> => {
    const token = await idToken()
    const base = !whole && held?.email === email ? held.version : null
    // For `npm run bench`: the page has nothing of the load to do in between.
    performance.mark('todo:query-sent')
    const answer = await ask({ settings, email, token, base })
    performance.mark('todo:query-answered')
    if (!answer.ok) throw new TaskQueryError(answer.code, answer.message)
    return apply(email, answer) ?? load(email, true)
  }
  return (email) => load(email)
}
