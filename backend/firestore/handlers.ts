/**
 * The backend as one Fetch-style function (`backend.handle(request)`) and as MSW request
 * handlers around it, for Vitest (`setupServer`) and for the standalone server (`server.ts`).
 *
 * Routes (relative to a base URL such as `http://127.0.0.1:8080`):
 * - `POST /v1/projects/{p}/databases/(default)/documents:{runQuery|commit|batchGet}`
 * - `DELETE /emulator/v1/projects/{p}/databases/(default)/documents` (the emulator's "clear")
 * - `GET /` answers `Ok` (the emulator's health check); `OPTIONS *`: CORS preflight
 */
import { http, type HttpHandler } from 'msw'

import { batchGet, commit, type RpcContext, runQueryRpc } from './engine'
import { FirestoreError, invalidArgument, statusNameOf } from './errors'
import { FaultController, type RpcKind } from './faults'
import {
  MAX_BODY_BYTES,
  RequestLog,
  type RequestLogEntry,
  corsHeaders,
  errorResponse,
  faultResponse,
  json,
  parseJson,
  preflight,
  readBody,
} from './http'
import { DEFAULT_DATABASE } from './names'
import { authenticate } from './rules'
import { FirestoreStore } from './store'

/** Where the SDK reaches the emulator (`connectFirestoreEmulator(db, '127.0.0.1', 8080)`). */
export const DEFAULT_BASE_URLS: readonly string[] = [
  'http://127.0.0.1:8080',
  'http://localhost:8080',
]

export interface FirestoreBackendOptions {
  /** The documents (a new empty store by default). */
  store?: FirestoreStore
  /** The fault rules (a new controller by default). */
  faults?: FaultController
  /** Origins the MSW handlers answer for (default {@link DEFAULT_BASE_URLS}). */
  baseUrls?: readonly string[]
  /** The time for token expiry, in ms (default `Date.now`). */
  now?: () => number
  /** Largest accepted request body (default 1 MiB). */
  maxBodyBytes?: number
  /** How many requests {@link RequestLog} keeps (default 500). */
  requestLogSize?: number
  /** Called after every logged request (the CLI prints them). */
  onRequest?: (entry: RequestLogEntry) => void
  /** Awaited after a change, before it is acknowledged (the server saves its file here). */
  onChanged?: () => Promise<void>
}

export interface FirestoreBackend {
  readonly store: FirestoreStore
  readonly faults: FaultController
  readonly requests: RequestLog
  /** MSW handlers for the configured base URLs (give them to `setupServer`). */
  readonly handlers: HttpHandler[]
  /** MSW handlers for other origins, e.g. a server on another port. */
  handlersFor(baseUrls: readonly string[]): HttpHandler[]
  /** Answers one request without MSW (a dropped connection is `Response.error()`). */
  handle(request: Request): Promise<Response>
  /** Empties the store, the fault rules and the request log. */
  reset(): void
}

const RPC_PATH = /^\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents(\/.*)?:([A-Za-z]+)$/
const CLEAR_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/\(default\)\/documents\/?$/
const RPCS = { runQuery: runQueryRpc, commit, batchGet } as const
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function route(pathname: string): { kind: RpcKind; project: string } {
  const [, project = '', database, parent, rpc = ''] = RPC_PATH.exec(pathname) ?? []
  if (!(rpc in RPCS)) throw invalidArgument(`Unsupported path: ${pathname}`)
  if (parent !== undefined) throw invalidArgument(`Only the database root is served: ${pathname}`)
  if (decodeURIComponent(database ?? '') !== DEFAULT_DATABASE) {
    throw new FirestoreError('NOT_FOUND', `The database ${String(database)} does not exist.`)
  }
  return { kind: rpc as RpcKind, project: decodeURIComponent(project) }
}

/** Creates a backend: store, faults, request log, `handle()` and MSW handlers. */
export function createFirestoreBackend(options: FirestoreBackendOptions = {}): FirestoreBackend {
  const store = options.store ?? new FirestoreStore()
  const faults = options.faults ?? new FaultController()
  const requests = new RequestLog(options.requestLogSize)
  const now = options.now ?? Date.now
  const saved = async () => {
    try {
      await options.onChanged?.()
    } catch (error) {
      console.error('[firestore backend] could not save', error)
      throw new FirestoreError('UNAVAILABLE', 'The change could not be saved.')
    }
  }

  async function answer(request: Request, url: URL, logged: Partial<RequestLogEntry>) {
    if (request.method === 'OPTIONS') return preflight(request)
    if (request.method === 'GET' && url.pathname === '/') {
      return new Response('Ok\n', {
        headers: { 'Content-Type': 'text/plain', ...corsHeaders(request) },
      })
    }
    const clear = CLEAR_PATH.exec(url.pathname)
    if (clear && request.method === 'DELETE') {
      store.reset(decodeURIComponent(clear[1] ?? ''))
      await saved()
      return json(request, {})
    }
    if (!url.pathname.startsWith('/v1/')) {
      throw new FirestoreError('NOT_FOUND', `Not found: ${request.method} ${url.pathname}`)
    }
    if (request.method !== 'POST') throw invalidArgument(`Unsupported method ${request.method}`)
    const { kind, project } = route(url.pathname)
    Object.assign(logged, { kind, project })
    const text = await readBody(request, options.maxBodyBytes ?? MAX_BODY_BYTES)
    const { delayMs, failure } = faults.decide({
      kind,
      project,
      method: 'POST',
      url: request.url,
      body: text,
    })
    await sleep(delayMs)
    if (failure?.phase === 'before') {
      logged.fault = true
      return faultResponse(request, failure)
    }
    const body = parseJson(text)
    const auth = authenticate(request.headers.get('authorization'), now())
    if (!auth.ok) {
      throw new FirestoreError(
        'UNAUTHENTICATED',
        `Request had invalid authentication credentials (${auth.reason}).`,
      )
    }
    const context: RpcContext = {
      store,
      db: { project, database: DEFAULT_DATABASE },
      principal: auth.principal,
    }
    let response: Response
    try {
      response = json(request, RPCS[kind](context, body))
      if (kind === 'commit' && options.onChanged) await saved()
    } catch (error) {
      response = errorResponse(request, error)
    }
    if (failure) {
      logged.fault = true
      return faultResponse(request, failure)
    }
    return response
  }

  async function handle(request: Request): Promise<Response> {
    const started = Date.now()
    const url = new URL(request.url)
    const logged: Partial<RequestLogEntry> = {}
    let response: Response
    try {
      response = await answer(request, url, logged)
    } catch (error) {
      response = errorResponse(request, error)
    }
    const entry = requests.add({
      time: new Date(started).toISOString(),
      method: request.method,
      path: url.pathname,
      ...logged,
      status: response.type === 'error' ? 0 : response.status,
      ...(response.status >= 400 ? { error: statusNameOf(response.status) } : {}),
      durationMs: Date.now() - started,
    })
    options.onRequest?.(entry)
    return response
  }

  function handlersFor(baseUrls: readonly string[]): HttpHandler[] {
    const origins = new Set(baseUrls.map((base) => new URL(base).origin))
    return [
      http.all(
        ({ request }) => origins.has(new URL(request.url).origin),
        ({ request }) => handle(request),
      ),
    ]
  }

  return {
    store,
    faults,
    requests,
    handlers: handlersFor(options.baseUrls ?? DEFAULT_BASE_URLS),
    handlersFor,
    handle,
    reset() {
      store.reset()
      faults.clear()
      requests.clear()
    },
  }
}
