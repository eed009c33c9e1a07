// The query for a user's tasks, on Firestore's REST API, answering with what changed since the
// answer the asker holds. It runs in a Web Worker (taskQuery.worker.ts): at 5,000 tasks the
// answer is 2.75 MB of JSON, whose receiving and decoding took ~350 ms of the page's main
// thread through Firestore Lite; from the worker only the changed tasks cross to the page.
// Free of Firebase's SDK (the worker has no Auth; the page passes the ID token), so it sends
// what Firestore Lite sends for the same query. Tests run it in-thread against backend/.
import type { FirebaseSettings } from '../../config/env'
import { sameTaskFields, type LoadedTask } from '../types'

export interface TaskQueryRequest {
  settings: FirebaseSettings
  email: string
  /** The signed-in user's ID token (null: none, and the server refuses the query). */
  token: string | null
  /** The version of the answer the asker holds for `email`; null for the whole list. */
  base: number | null
}

export type TaskQueryAnswer =
  | {
      ok: true
      version: number
      /** null: `changed` is the whole list. Otherwise, what changed since version `base`. */
      base: number | null
      changed: LoadedTask[]
      removed: string[]
      /** Ids of documents that are not tasks (a field missing or mistyped). */
      skipped: string[]
    }
  | { ok: false; code: string; message: string }

export interface StoredDocument {
  id: string
  data: Record<string, unknown>
}

/** The fields of a stored document as a task, or null when any is missing or mistyped. */
export function toLoadedTask({ id, data }: StoredDocument): LoadedTask | null {
  const { task, isFinished, email, order } = data
  if (typeof task !== 'string' || typeof isFinished !== 'boolean' || typeof email !== 'string') {
    return null
  }
  if (order !== undefined && (typeof order !== 'number' || !Number.isFinite(order))) return null
  return order === undefined
    ? { id, task, isFinished, email }
    : { id, task, isFinished, email, order }
}

type RestValue = Partial<Record<string, unknown>>

/** A REST value as `DocumentSnapshot.data()` gives it, for the kinds a task holds (others: null). */
function plain(value: RestValue): unknown {
  if (typeof value.stringValue === 'string') return value.stringValue
  if (typeof value.booleanValue === 'boolean') return value.booleanValue
  if (value.integerValue !== undefined) return Number(value.integerValue)
  if (value.doubleValue !== undefined) return Number(value.doubleValue)
  return null
}

interface RestDocument {
  name: string
  fields?: Record<string, RestValue>
}

function decode({ name, fields = {} }: RestDocument): StoredDocument {
  const data: Record<string, unknown> = {}
  for (const key of ['task', 'isFinished', 'email', 'order']) {
    const value = fields[key]
    if (value !== undefined) data[key] = plain(value)
  }
  return { id: name.slice(name.lastIndexOf('/') + 1), data }
}

/** Firestore Lite's codes for HTTP statuses (`mapCodeFromHttpStatus`). */
const CODES: Partial<Record<number, string>> = {
  400: 'failed-precondition',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  416: 'out-of-range',
  429: 'resource-exhausted',
  499: 'cancelled',
  500: 'unknown',
  501: 'unimplemented',
  503: 'unavailable',
  504: 'deadline-exceeded',
}

/** Firestore Lite's code for an HTTP status. */
function codeOf(status: number | undefined): string {
  if (status === undefined) return 'unknown'
  return CODES[status] ?? (status >= 400 && status < 500 ? 'failed-precondition' : 'internal')
}

function endpoint({ projectId, apiKey, emulators }: FirebaseSettings): string {
  const origin = emulators
    ? `http://${emulators.firestoreHost}:${String(emulators.firestorePort)}`
    : 'https://firestore.googleapis.com'
  const database = `projects/${encodeURIComponent(projectId)}/databases/(default)`
  return `${origin}/v1/${database}/documents:runQuery?key=${encodeURIComponent(apiKey)}`
}

/** The request Firestore Lite makes for `getDocs(query(tasks, where('email', '==', email)))`. */
function requestInit({ settings, email, token }: TaskQueryRequest): RequestInit {
  const project = encodeURIComponent(settings.projectId)
  const headers: Record<string, string> = {
    'google-cloud-resource-prefix': `projects/${project}/databases/(default)`,
    'x-goog-request-params': `project_id=${project}`,
    // As the SDK: a simple request, no CORS preflight.
    'Content-Type': 'text/plain',
  }
  if (settings.appId) headers['X-Firebase-GMPID'] = settings.appId
  if (token !== null) headers.Authorization = `Bearer ${token}`
  const structuredQuery = {
    from: [{ collectionId: 'tasks' }],
    where: {
      fieldFilter: { field: { fieldPath: 'email' }, op: 'EQUAL', value: { stringValue: email } },
    },
    orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
  }
  return { method: 'POST', headers, body: JSON.stringify({ structuredQuery }) }
}

type Failure = Extract<TaskQueryAnswer, { ok: false }>

const failure = (code: string, reason: unknown): Failure => ({
  ok: false,
  code,
  message: `Request failed with error: ${String(reason)}`,
})

async function queryOnce(request: TaskQueryRequest): Promise<RestDocument[] | Failure> {
  let response: Response
  try {
    response = await fetch(endpoint(request.settings), requestInit(request))
    if (response.ok) {
      const results = (await response.json()) as { document?: RestDocument }[]
      return results.flatMap((result) => (result.document ? [result.document] : []))
    }
  } catch (err) {
    return failure('unknown', err instanceof Error ? err.message : err)
  }
  const body = (await response.json().catch(() => null)) as unknown
  const error = (Array.isArray(body) ? body[0] : body) as { error?: { message?: string } } | null
  return failure(codeOf(response.status), error?.error?.message ?? response.statusText)
}

/**
 * The query, one at a time (so answers leave in the order asked), each answered against the
 * last answer given: what changed since that one when the asker holds it, else the whole list.
 */
export function createTaskQuery(): (request: TaskQueryRequest) => Promise<TaskQueryAnswer> {
  let last: { email: string; version: number; tasks: Map<string, LoadedTask> } | null = null
  let version = 0
  let queue: Promise<unknown> = Promise.resolve()

  const answer = async (request: TaskQueryRequest): Promise<TaskQueryAnswer> => {
    const documents = await queryOnce(request)
    if (!Array.isArray(documents)) return documents
    const previous =
      last?.email === request.email && last.version === request.base ? last.tasks : null
    const tasks = new Map<string, LoadedTask>()
    const changed: LoadedTask[] = []
    const skipped: string[] = []
    for (const document of documents) {
      const stored = decode(document)
      const task = toLoadedTask(stored)
      if (task === null) {
        skipped.push(stored.id)
        continue
      }
      const before = previous?.get(task.id)
      const same = before !== undefined && sameTaskFields(before, task)
      tasks.set(task.id, same ? before : task)
      if (!same) changed.push(task)
    }
    const removed = previous ? [...previous.keys()].filter((id) => !tasks.has(id)) : []
    last = { email: request.email, version: ++version, tasks }
    return { ok: true, version, base: previous ? request.base : null, changed, removed, skipped }
  }

  return (request) => {
    const next = queue.then(() => answer(request))
    queue = next
    return next
  }
}
