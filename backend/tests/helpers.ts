/** Raw-REST helpers for the backend tests: tokens, requests, task documents. */
import { expect } from 'vitest'

import type { FirestoreBackend } from '../firestore/handlers'
import type { Fields } from '../firestore/values'

/** Asymmetric matchers, typed `unknown` (vitest types them `any`). */
export const ANY_STRING: unknown = expect.any(String)
export const ANY_ARRAY: unknown = expect.any(Array)
export function matching(pattern: RegExp): unknown {
  return expect.stringMatching(pattern) as unknown
}

export const PROJECT = 'demo-todo'
export const BASE = 'http://127.0.0.1:8080'
export const ROOT = `projects/${PROJECT}/databases/(default)/documents`
export const ALICE = 'alice@example.com'
export const BOB = 'bob@example.com'

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text)
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** An Auth-emulator-style unsigned ID token (alg none, empty signature). */
export function idToken(payload: Record<string, unknown>): string {
  const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))
  return `${header}.${base64url(JSON.stringify(payload))}.`
}

/** A valid token for `email` (verified), expiring in an hour. */
export function tokenFor(email: string, extra: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000)
  return idToken({
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    iat: now,
    exp: now + 3600,
    sub: `uid-${email}`,
    user_id: `uid-${email}`,
    email,
    email_verified: true,
    ...extra,
  })
}

export type Rpc = 'commit' | 'batchGet' | 'runQuery'

export interface RpcOptions {
  /** The bearer token; `null` sends no Authorization header. Default: Alice's. */
  token?: string | null
  project?: string
  /** Sent as is instead of JSON-encoding `body`. */
  raw?: string
  origin?: string
  path?: string
}

export function rpcRequest(rpc: Rpc, body: unknown, options: RpcOptions = {}): Request {
  const headers = new Headers({ 'Content-Type': 'text/plain' })
  const token = options.token === undefined ? tokenFor(ALICE) : options.token
  if (token !== null) headers.set('Authorization', `Bearer ${token}`)
  if (options.origin !== undefined) headers.set('Origin', options.origin)
  const path =
    options.path ??
    `/v1/projects/${options.project ?? PROJECT}/databases/(default)/documents:${rpc}`
  return new Request(`${BASE}${path}?key=demo`, {
    method: 'POST',
    headers,
    body: options.raw ?? JSON.stringify(body),
  })
}

export interface RpcResult {
  status: number
  body: unknown
  headers: Headers
}

/** Sends one RPC straight to `backend.handle` (no network, no MSW). */
export async function call(
  backend: FirestoreBackend,
  rpc: Rpc,
  body: unknown,
  options: RpcOptions = {},
): Promise<RpcResult> {
  const response = await backend.handle(rpcRequest(rpc, body, options))
  const text = await response.text()
  return {
    status: response.status,
    body: text === '' ? undefined : JSON.parse(text),
    headers: response.headers,
  }
}

export function name(id: string, collection = 'tasks'): string {
  return `${ROOT}/${collection}/${id}`
}

/** A valid task document's fields for `email`. */
export function taskFields(email: string = ALICE, overrides: Fields = {}): Fields {
  return {
    task: { stringValue: 'Buy milk' },
    isFinished: { booleanValue: false },
    email: { stringValue: email },
    order: { integerValue: '1' },
    ...overrides,
  }
}

/** The SDK's setDoc: an update write without a mask. */
export function setWrite(id: string, fields: Fields): unknown {
  return { update: { name: name(id), fields } }
}

/** The SDK's updateDoc: masked update with an exists precondition. */
export function updateWrite(
  id: string,
  fields: Fields,
  mask: string[] = Object.keys(fields),
): unknown {
  return {
    update: { name: name(id), fields },
    updateMask: { fieldPaths: mask },
    currentDocument: { exists: true },
  }
}

export function deleteWrite(id: string): unknown {
  return { delete: name(id) }
}

/** The SDK's query for a user's tasks. */
export function tasksQuery(email: string): unknown {
  return {
    structuredQuery: {
      from: [{ collectionId: 'tasks' }],
      where: {
        fieldFilter: { field: { fieldPath: 'email' }, op: 'EQUAL', value: { stringValue: email } },
      },
      orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
    },
  }
}

/** The Google error body's status name, or undefined. */
export function errorStatus(result: RpcResult): string | undefined {
  const body = result.body as { error?: { status?: string } } | undefined
  return body?.error?.status
}
