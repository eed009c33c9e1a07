/**
 * The Firestore REST backend as one Fetch-style function (`backend.handle(request)`) and as
 * MSW request handlers around it, for Vitest (`setupServer`) and for the standalone server
 * (`server.ts`), which runs the same handlers.
 *
 * Routes (relative to a base URL such as `http://127.0.0.1:8080`):
 * - `POST /v1/projects/{p}/databases/(default)/documents[/{parent}]:runQuery`
 * - `POST .../documents[/{parent}]:runAggregationQuery`
 * - `POST .../documents:commit`, `POST .../documents:batchGet`
 * - `DELETE /emulator/v1/projects/{p}/databases/(default)/documents` (the emulator's "clear")
 * - `GET /` answers `Ok` (the emulator's health check)
 * - `OPTIONS *`: CORS preflight
 * - admin routes under `/__admin/` only from {@link FirestoreBackend.adminHandlersFor}
 */
import { http, type HttpHandler } from 'msw'

import {
  FirestoreError,
  type GoogleErrorBody,
  invalidArgument,
  permissionDenied,
  statusNameOf,
} from './errors'
import { batchGet, commit, type RpcContext, runAggregationQueryRpc, runQueryRpc } from './engine'
import { FaultController, type FaultConfig, type FaultFailure, type RpcKind } from './faults'
import { DEFAULT_DATABASE, type DatabaseId, parseDocumentName } from './names'
import { authenticate } from './rules'
import { FirestoreStore, type StoredDocument } from './store'
import { type PlainValue, fieldsFromPlain, fieldsToPlain, parseFields } from './values'

/** Where the SDK reaches the emulator (`connectFirestoreEmulator(db, '127.0.0.1', 8080)`). */
export const DEFAULT_BASE_URLS: readonly string[] = [
  'http://127.0.0.1:8080',
  'http://localhost:8080',
]

/** Firestore's request size limit, applied to the whole body. */
export const MAX_BODY_BYTES = 1024 * 1024

export interface FirestoreBackendOptions {
  /** The documents (a new empty store by default). */
  store?: FirestoreStore
  /** The fault rules (a new controller by default). */
  faults?: FaultController
  /** Origins the MSW handlers answer for (default {@link DEFAULT_BASE_URLS}). */
  baseUrls?: readonly string[]
  /** The time for token expiry, in ms (default `Date.now`). */
  now?: () => number
  /** Accept `Authorization: Bearer owner` as the admin, as the emulator does (default true). */
  acceptOwnerToken?: boolean
  /** Reject ID tokens whose `exp` is past (default true). */
  checkTokenExpiry?: boolean
  /** Largest accepted request body (default 1 MiB). */
  maxBodyBytes?: number
  /** How many requests {@link RequestLog} keeps (default 500). */
  requestLogSize?: number
  /** Called after every logged request (the CLI prints them). */
  onRequest?: (entry: RequestLogEntry) => void
}

/** One answered request, for assertions (`backend.requests.list()`, `GET /__admin/requests`). */
export interface RequestLogEntry {
  id: number
  /** ISO time the request arrived. */
  time: string
  method: string
  /** The URL path, without the query string. */
  path: string
  /** The RPC, when it was one. */
  kind?: RpcKind
  project?: string
  /** The HTTP status answered; 0 when the connection was dropped. */
  status: number
  /** The Google status name of an error answer. */
  error?: string
  /** Set when the answer came from an injected fault. */
  fault?: boolean
  durationMs: number
}

export class RequestLog {
  readonly #entries: RequestLogEntry[] = []
  readonly #size: number
  #nextId = 1

  constructor(size = 500) {
    this.#size = size
  }

  add(entry: Omit<RequestLogEntry, 'id'>): RequestLogEntry {
    const full = { id: this.#nextId++, ...entry }
    this.#entries.push(full)
    if (this.#entries.length > this.#size)
      this.#entries.splice(0, this.#entries.length - this.#size)
    return full
  }

  /** The kept entries, oldest first; only those with an id above `sinceId` when given. */
  list(sinceId = 0): RequestLogEntry[] {
    return this.#entries.filter((entry) => entry.id > sinceId).map((entry) => ({ ...entry }))
  }

  clear(): void {
    this.#entries.length = 0
  }
}

export interface FirestoreBackend {
  readonly store: FirestoreStore
  readonly faults: FaultController
  readonly requests: RequestLog
  /** MSW handlers for the configured base URLs (give them to `setupServer`). */
  readonly handlers: HttpHandler[]
  /** MSW handlers for other origins, e.g. a server on another port. */
  handlersFor(baseUrls: readonly string[]): HttpHandler[]
  /** MSW handlers for the `/__admin/` API (standalone server only). */
  adminHandlersFor(baseUrls: readonly string[]): HttpHandler[]
  /** Answers one request without MSW (a dropped connection is `Response.error()`). */
  handle(request: Request): Promise<Response>
  /** Answers one `/__admin/` request. */
  handleAdmin(request: Request): Promise<Response>
  /** Empties the store, the fault rules and the request log. */
  reset(): void
}

// ---------------------------------------------------------------------------
// Responses and CORS

const ALLOWED_ORIGIN = /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d{1,5})?$/

function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get('origin')
  if (origin === null || !ALLOWED_ORIGIN.test(origin)) return {}
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
}

function preflight(request: Request, methods: string): Response {
  const cors = corsHeaders(request)
  if (!('Access-Control-Allow-Origin' in cors)) return new Response(null, { status: 204 })
  const headers: Record<string, string> = {
    ...cors,
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Max-Age': '3600',
    Vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  }
  const requested = request.headers.get('access-control-request-headers')
  if (requested !== null) headers['Access-Control-Allow-Headers'] = requested
  if (request.headers.get('access-control-request-private-network') === 'true') {
    headers['Access-Control-Allow-Private-Network'] = 'true'
  }
  return new Response(null, { status: 204, headers })
}

function json(request: Request, body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', ...corsHeaders(request) },
  })
}

function errorResponse(request: Request, error: FirestoreError): Response {
  return json(request, error.toJSON(), error.httpStatus)
}

function failureResponse(request: Request, failure: FaultFailure): Response {
  if (failure.kind === 'network') return Response.error()
  const body: GoogleErrorBody = {
    error: { code: failure.status, message: failure.message, status: statusNameOf(failure.status) },
  }
  return json(request, body, failure.status)
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
}

async function readBody(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = invalidArgument(`Request payload size exceeds the limit: ${maxBytes} bytes.`)
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > maxBytes) throw tooLarge
  const bytes = new Uint8Array(await request.arrayBuffer())
  if (bytes.byteLength > maxBytes) throw tooLarge
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw invalidArgument('Invalid JSON payload received. The body is not UTF-8.')
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw invalidArgument(
      `Invalid JSON payload received. ${error instanceof Error ? error.message : ''}`.trim(),
    )
  }
}

function asFirestoreError(error: unknown): FirestoreError {
  if (error instanceof FirestoreError) return error
  console.error('[firestore backend] internal error', error)
  return new FirestoreError('INTERNAL', error instanceof Error ? error.message : String(error))
}

// ---------------------------------------------------------------------------
// Routing

const RPC_PATH = /^\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents(\/.*)?:([A-Za-z]+)$/
const CLEAR_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/
const RPCS: Record<string, RpcKind | undefined> = {
  runQuery: 'runQuery',
  runAggregationQuery: 'runAggregationQuery',
  commit: 'commit',
  batchGet: 'batchGet',
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw invalidArgument(`Invalid path segment "${segment}".`)
  }
}

interface RpcRoute {
  kind: RpcKind
  db: DatabaseId
  parent: string[]
}

function parseRpcPath(pathname: string): RpcRoute {
  const match = RPC_PATH.exec(pathname)
  const rpc = match?.[4]
  const kind = rpc === undefined ? undefined : RPCS[rpc]
  if (!match || kind === undefined) throw invalidArgument(`Unsupported path: ${pathname}`)
  const db = { project: decodeSegment(match[1] ?? ''), database: decodeSegment(match[2] ?? '') }
  if (db.database !== DEFAULT_DATABASE) {
    throw new FirestoreError(
      'NOT_FOUND',
      `The database ${db.database} does not exist for project ${db.project}.`,
    )
  }
  const rest = match[3]
  let parent: string[] = []
  if (rest !== undefined) {
    if (kind === 'commit' || kind === 'batchGet')
      throw invalidArgument(`Unsupported path: ${pathname}`)
    const name = `projects/${db.project}/databases/${db.database}/documents${rest.split('/').map(decodeSegment).join('/')}`
    parent = parseDocumentName(name, db).path
  }
  return { kind, db, parent }
}

function runRpc(route: RpcRoute, context: RpcContext, body: unknown): unknown {
  switch (route.kind) {
    case 'commit':
      return commit(context, body)
    case 'batchGet':
      return batchGet(context, body)
    case 'runQuery':
      return runQueryRpc(context, body, route.parent)
    case 'runAggregationQuery':
      return runAggregationQueryRpc(context, body, route.parent)
  }
}

function originPredicate(baseUrls: readonly string[], admin: boolean) {
  const origins = new Set(baseUrls.map((url) => new URL(url).origin))
  return ({ request }: { request: Request }): boolean => {
    const url = new URL(request.url)
    return origins.has(url.origin) && url.pathname.startsWith('/__admin/') === admin
  }
}

// ---------------------------------------------------------------------------
// The backend

/** Creates a backend: store, faults, request log, `handle()` and MSW handlers. */
export function createFirestoreBackend(options: FirestoreBackendOptions = {}): FirestoreBackend {
  const store = options.store ?? new FirestoreStore()
  const faults = options.faults ?? new FaultController()
  const requests = new RequestLog(options.requestLogSize)
  const now = options.now ?? Date.now
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES

  function log(entry: Omit<RequestLogEntry, 'id'>): void {
    const full = requests.add(entry)
    options.onRequest?.(full)
  }

  async function handle(request: Request): Promise<Response> {
    const started = Date.now()
    const url = new URL(request.url)
    const base = {
      time: new Date(started).toISOString(),
      method: request.method,
      path: url.pathname,
    }
    let kind: RpcKind | undefined
    let project: string | undefined
    let fault = false
    const finish = (response: Response): Response => {
      let error: string | undefined
      if (response.status >= 400) error = statusNameOf(response.status)
      log({
        ...base,
        ...(kind ? { kind } : {}),
        ...(project !== undefined ? { project } : {}),
        status: response.type === 'error' ? 0 : response.status,
        ...(error !== undefined ? { error } : {}),
        ...(fault ? { fault } : {}),
        durationMs: Date.now() - started,
      })
      return response
    }

    if (request.method === 'OPTIONS') return finish(preflight(request, 'POST, OPTIONS'))
    try {
      if (request.method === 'GET' && url.pathname === '/') {
        return finish(
          new Response('Ok\n', {
            headers: { 'Content-Type': 'text/plain', ...corsHeaders(request) },
          }),
        )
      }
      const clear = CLEAR_PATH.exec(url.pathname)
      if (clear && request.method === 'DELETE') {
        store.reset(decodeSegment(clear[1] ?? ''))
        return finish(json(request, {}))
      }
      if (!url.pathname.startsWith('/v1/')) {
        throw new FirestoreError('NOT_FOUND', `Not found: ${request.method} ${url.pathname}`)
      }
      if (request.method !== 'POST')
        throw invalidArgument(`Unsupported method ${request.method} for ${url.pathname}`)
      const route = parseRpcPath(url.pathname)
      kind = route.kind
      project = route.db.project
      const text = await readBody(request, maxBodyBytes)

      const decision = faults.decide({
        kind,
        project,
        method: request.method,
        url: request.url,
        body: text,
      })
      await sleep(decision.delayMs)
      const { failure } = decision
      if (failure?.phase === 'before') {
        fault = true
        return finish(failureResponse(request, failure))
      }

      const body = parseJson(text)
      const auth = authenticate(request.headers.get('authorization'), {
        now: now(),
        acceptOwner: options.acceptOwnerToken ?? true,
        checkExpiry: options.checkTokenExpiry ?? true,
      })
      if (!auth.ok) throw permissionDenied(auth.reason)
      const context: RpcContext = { store, db: route.db, principal: auth.principal }
      let response: Response
      try {
        response = json(request, runRpc(route, context, body))
      } catch (error) {
        response = errorResponse(request, asFirestoreError(error))
      }
      if (failure) {
        fault = true
        return finish(failureResponse(request, failure))
      }
      return finish(response)
    } catch (error) {
      return finish(errorResponse(request, asFirestoreError(error)))
    }
  }

  async function handleAdmin(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return preflight(request, 'GET, POST, DELETE, OPTIONS')
    const url = new URL(request.url)
    const route = `${request.method} ${url.pathname.replace(/\/$/, '')}`
    try {
      const readJson = async (): Promise<Record<string, unknown>> => {
        const text = await readBody(request, 16 * maxBodyBytes)
        if (text.trim() === '') return {}
        const body = parseJson(text)
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          throw invalidArgument('The body must be a JSON object.')
        }
        return body as Record<string, unknown>
      }
      const projectParam = url.searchParams.get('project') ?? undefined
      switch (route) {
        case 'POST /__admin/reset': {
          const { project } = await readJson()
          if (project !== undefined && typeof project !== 'string')
            throw invalidArgument('project must be a string')
          if (project === undefined) backend.reset()
          else store.reset(project)
          return json(request, { ok: true })
        }
        case 'GET /__admin/documents': {
          const collection = url.searchParams.get('collection') ?? undefined
          const documents = store.list({ project: projectParam, collection })
          return json(request, { documents: documents.map(withData) })
        }
        case 'POST /__admin/documents':
          return json(request, { documents: seed(await readJson()).map(withData) })
        case 'DELETE /__admin/documents':
          store.reset(projectParam)
          return json(request, { ok: true })
        case 'GET /__admin/faults':
          return json(request, { rules: faults.list() })
        case 'POST /__admin/faults': {
          const config = (await readJson()) as FaultConfig
          return json(request, { ids: faults.set(config), rules: faults.list() })
        }
        case 'DELETE /__admin/faults':
          faults.clear()
          return json(request, { ok: true })
        case 'GET /__admin/requests': {
          const since = Number(url.searchParams.get('since') ?? '0')
          return json(request, { requests: requests.list(Number.isFinite(since) ? since : 0) })
        }
        case 'DELETE /__admin/requests':
          requests.clear()
          return json(request, { ok: true })
        default:
          throw new FirestoreError('NOT_FOUND', `No admin route ${route}`)
      }
    } catch (error) {
      return errorResponse(request, asFirestoreError(error))
    }
  }

  /** `{documents: [{name, fields} | {name, data}]}`: validates all, then stores all at once. */
  function seed(body: Record<string, unknown>): StoredDocument[] {
    const { documents } = body
    if (!Array.isArray(documents)) throw invalidArgument('documents must be an array')
    const changes = (documents as unknown[]).map((raw, index) => {
      if (typeof raw !== 'object' || raw === null)
        throw invalidArgument(`documents[${index}] must be an object`)
      const { name, fields, data } = raw as Record<string, unknown>
      const { db, path } = parseDocumentNameAnyDb(name)
      const parsed =
        data !== undefined
          ? parseFields(
              fieldsFromPlain(data as Record<string, unknown>),
              `documents[${index}].data`,
              db,
            )
          : parseFields(fields ?? {}, `documents[${index}].fields`, db)
      return {
        name: `projects/${db.project}/databases/${db.database}/documents/${path.join('/')}`,
        fields: parsed,
      }
    })
    store.applyChanges(changes)
    return changes.map(({ name }) => store.get(name)).filter((document) => document !== undefined)
  }

  function handlersFor(baseUrls: readonly string[]): HttpHandler[] {
    return [http.all(originPredicate(baseUrls, false), ({ request }) => handle(request))]
  }

  function adminHandlersFor(baseUrls: readonly string[]): HttpHandler[] {
    return [http.all(originPredicate(baseUrls, true), ({ request }) => handleAdmin(request))]
  }

  const backend: FirestoreBackend = {
    store,
    faults,
    requests,
    handlers: handlersFor(options.baseUrls ?? DEFAULT_BASE_URLS),
    handlersFor,
    adminHandlersFor,
    handle,
    handleAdmin,
    reset() {
      store.reset()
      faults.clear()
      requests.clear()
    },
  }
  return backend
}

function parseDocumentNameAnyDb(name: unknown): { db: DatabaseId; path: string[] } {
  const match =
    typeof name === 'string' ? /^projects\/([^/]+)\/databases\/([^/]+)\//.exec(name) : null
  if (!match) throw invalidArgument(`Invalid document name ${JSON.stringify(name)}`)
  const db = { project: match[1] ?? '', database: match[2] ?? '' }
  return { db, path: parseDocumentName(name, db).path }
}

/** A stored document plus its fields as plain JSON (`data`), for the admin API. */
function withData(document: StoredDocument): StoredDocument & { data: Record<string, PlainValue> } {
  return { ...document, data: fieldsToPlain(document.fields) }
}

/**
 * The MSW handlers for a store, in one call: `setupServer(...createFirestoreHandlers(store))`.
 * Use {@link createFirestoreBackend} to also reach the faults and the request log.
 */
export function createFirestoreHandlers(
  store: FirestoreStore,
  options: Omit<FirestoreBackendOptions, 'store'> = {},
): HttpHandler[] {
  return createFirestoreBackend({ ...options, store }).handlers
}
