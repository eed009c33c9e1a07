/**
 * HTTP details of the backend: CORS for the app's local origins, JSON and Google-format error
 * answers, bodies, and the log of answered requests that tests read.
 */
import { FirestoreError, invalidArgument, statusNameOf } from './errors'
import type { FaultFailure, RpcKind } from './faults'

/** Firestore's request size limit, applied to the whole body. */
export const MAX_BODY_BYTES = 1024 * 1024

/** One answered request, for assertions (`backend.requests.list()`). */
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
    if (this.#entries.length > this.#size) {
      this.#entries.splice(0, this.#entries.length - this.#size)
    }
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

const ALLOWED_ORIGIN = /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d{1,5})?$/

export function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get('origin')
  if (origin === null || !ALLOWED_ORIGIN.test(origin)) return {}
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
}

export function preflight(request: Request): Response {
  const cors = corsHeaders(request)
  if (!('Access-Control-Allow-Origin' in cors)) return new Response(null, { status: 204 })
  const headers: Record<string, string> = {
    ...cors,
    'Access-Control-Allow-Methods': 'POST, DELETE, OPTIONS',
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

export function json(request: Request, body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', ...corsHeaders(request) },
  })
}

export function errorResponse(request: Request, error: unknown): Response {
  let failure: FirestoreError
  if (error instanceof FirestoreError) failure = error
  else {
    console.error('[firestore backend] internal error', error)
    failure = new FirestoreError('INTERNAL', error instanceof Error ? error.message : String(error))
  }
  return json(request, failure.toJSON(), failure.httpStatus)
}

export function faultResponse(request: Request, failure: FaultFailure): Response {
  if (failure.kind === 'network') return Response.error()
  const { status, message } = failure
  return json(request, { error: { code: status, message, status: statusNameOf(status) } }, status)
}

/** The body as text: at most `maxBytes`, valid UTF-8. */
export async function readBody(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = invalidArgument(
    `Request payload size exceeds the limit: ${String(maxBytes)} bytes.`,
  )
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) throw tooLarge
  const bytes = new Uint8Array(await request.arrayBuffer())
  if (bytes.byteLength > maxBytes) throw tooLarge
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw invalidArgument('Invalid JSON payload received. The body is not UTF-8.')
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    const reason = error instanceof Error ? error.message : ''
    throw invalidArgument(`Invalid JSON payload received. ${reason}`.trim())
  }
}
