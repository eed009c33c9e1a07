/**
 * The project's security rules (`/firestore.rules`), mirrored as pure functions, plus the
 * emulator's token handling. Keep the two in step: every rule here has its line there.
 *
 * - Every request needs `Authorization: Bearer <ID token>` whose payload has an `email`
 *   (the Auth emulator's unsigned tokens; the signature is not checked, as in the emulator).
 *   A missing, malformed or expired token is answered 403 PERMISSION_DENIED, as Firestore
 *   answers a request its rules deny for want of `request.auth`.
 * - `Bearer owner` is the emulator's admin token: it bypasses the rules (not the validation).
 * - `tasks/{taskId}`: a user reads, lists, creates, updates and deletes only documents whose
 *   `email` is their own; a list must filter `email ==` their e-mail; a written task has
 *   exactly `task` (string, 1 to 1,000 UTF-16 code units), `isFinished` (bool), `email`
 *   (string), `order` (number) and optionally `id` (the document id). Reading or deleting a
 *   missing task is allowed. Everything else is denied.
 */
import type { Filter, QueryTarget } from './query'
import type { Fields, Value } from './values'

/** Who is asking. */
export type Principal =
  | { kind: 'owner' }
  | { kind: 'user'; uid: string | undefined; email: string; claims: Record<string, unknown> }

export type AuthResult = { ok: true; principal: Principal } | { ok: false; reason: string }

export type Decision = { allowed: true } | { allowed: false; reason: string }

export interface AuthOptions {
  /** The current time in milliseconds, for `exp`. */
  now: number
  /** Accept `Bearer owner` as the admin (default true, as the emulator does). */
  acceptOwner?: boolean
  /** Reject tokens whose `exp` (seconds) is in the past (default true). */
  checkExpiry?: boolean
}

export const TASKS_COLLECTION = 'tasks'
export const MAX_TASK_LENGTH = 1000
const REQUIRED_TASK_FIELDS = ['task', 'isFinished', 'email', 'order'] as const
const ALLOWED_TASK_FIELDS: ReadonlySet<string> = new Set([...REQUIRED_TASK_FIELDS, 'id'])

const ALLOW: Decision = { allowed: true }
function deny(reason: string): Decision {
  return { allowed: false, reason }
}

function decodeBase64UrlJson(part: string): unknown {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(part)) return undefined
  const standard = part.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  if (standard.length % 4 === 1) return undefined
  try {
    const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4))
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    )
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Reads the principal from an `Authorization` header. */
export function authenticate(authorization: string | null, options: AuthOptions): AuthResult {
  if (authorization === null) return { ok: false, reason: 'no Authorization header' }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  const token = match?.[1]
  if (token === undefined) return { ok: false, reason: 'Authorization is not "Bearer <token>"' }
  if (token === 'owner') {
    return options.acceptOwner === false
      ? { ok: false, reason: 'the owner token is disabled' }
      : { ok: true, principal: { kind: 'owner' } }
  }
  const parts = token.split('.')
  const [headerPart, payloadPart] = parts
  if (parts.length !== 3 || headerPart === undefined || payloadPart === undefined) {
    return { ok: false, reason: 'the token is not a JWT' }
  }
  const header = decodeBase64UrlJson(headerPart)
  const payload = decodeBase64UrlJson(payloadPart)
  if (!isRecord(header) || typeof header.alg !== 'string') {
    return { ok: false, reason: 'the token header is malformed' }
  }
  if (!isRecord(payload)) return { ok: false, reason: 'the token payload is malformed' }
  const { email, exp, sub, user_id: userId } = payload
  if (typeof email !== 'string' || email === '') {
    return { ok: false, reason: 'the token has no email' }
  }
  if (exp !== undefined) {
    if (typeof exp !== 'number') return { ok: false, reason: 'the token exp is not a number' }
    if (options.checkExpiry !== false && exp * 1000 <= options.now) {
      return { ok: false, reason: 'the token has expired' }
    }
  }
  const uid = typeof sub === 'string' ? sub : typeof userId === 'string' ? userId : undefined
  return { ok: true, principal: { kind: 'user', uid, email, claims: payload } }
}

function stringOf(value: Value | undefined): string | undefined {
  return value !== undefined && 'stringValue' in value ? value.stringValue : undefined
}

function isTaskPath(path: readonly string[]): boolean {
  return path.length === 2 && path[0] === TASKS_COLLECTION
}

/**
 * Why `fields` is not a valid task document with id `id`, or undefined when it is
 * (`validTask()` in firestore.rules).
 */
export function taskProblem(fields: Fields, id: string): string | undefined {
  const keys = Object.keys(fields)
  const extra = keys.filter((key) => !ALLOWED_TASK_FIELDS.has(key))
  if (extra.length > 0) return `unexpected field(s) ${extra.join(', ')}`
  const missing = REQUIRED_TASK_FIELDS.filter((key) => !(key in fields))
  if (missing.length > 0) return `missing field(s) ${missing.join(', ')}`
  const { task, isFinished, email, order } = fields
  const text = stringOf(task)
  if (text === undefined) return 'task must be a string'
  if (text.length < 1 || text.length > MAX_TASK_LENGTH) {
    return `task must be 1 to ${MAX_TASK_LENGTH} characters long`
  }
  if (isFinished === undefined || !('booleanValue' in isFinished))
    return 'isFinished must be a bool'
  if (stringOf(email) === undefined) return 'email must be a string'
  if (order === undefined || !('integerValue' in order || 'doubleValue' in order)) {
    return 'order must be a number'
  }
  if ('id' in fields && stringOf(fields.id) !== id) return 'id must be the document id'
  return undefined
}

/** `allow get` (also each name of a batchGet). `stored` is undefined for a missing document. */
export function canRead(
  principal: Principal,
  path: readonly string[],
  stored: Fields | undefined,
): Decision {
  if (principal.kind === 'owner') return ALLOW
  if (!isTaskPath(path)) return deny(`no rule allows reading ${path.join('/')}`)
  if (stored === undefined) return ALLOW
  return stringOf(stored.email) === principal.email
    ? ALLOW
    : deny('the task belongs to another user')
}

/**
 * `allow create, update, delete`: `before` is the stored document (undefined if missing),
 * `after` the document the write would leave (undefined for a delete).
 */
export function canWrite(
  principal: Principal,
  path: readonly string[],
  before: Fields | undefined,
  after: Fields | undefined,
): Decision {
  if (principal.kind === 'owner') return ALLOW
  if (!isTaskPath(path)) return deny(`no rule allows writing ${path.join('/')}`)
  if (before !== undefined && stringOf(before.email) !== principal.email) {
    return deny('the stored task belongs to another user')
  }
  if (after === undefined) return ALLOW // delete (a missing document may be deleted)
  if (stringOf(after.email) !== principal.email) {
    return deny('email must be the signed-in user’s e-mail')
  }
  const problem = taskProblem(after, path[1] ?? '')
  return problem === undefined ? ALLOW : deny(problem)
}

/** The filters every result must satisfy (the top-level AND, flattened). */
function conjuncts(filter: Filter | undefined): Filter[] {
  if (filter === undefined) return []
  if (filter.kind === 'composite' && filter.op === 'AND') return filter.filters.flatMap(conjuncts)
  return [filter]
}

/** `allow list`: the query itself must guarantee `resource.data.email == request.auth.token.email`. */
export function canQuery(
  principal: Principal,
  target: QueryTarget,
  where: Filter | undefined,
): Decision {
  if (principal.kind === 'owner') return ALLOW
  if (
    target.allDescendants ||
    target.parent.length > 0 ||
    target.collectionId !== TASKS_COLLECTION
  ) {
    return deny(`no rule allows listing ${[...target.parent, target.collectionId].join('/')}`)
  }
  const ownEmail = conjuncts(where).some(
    (filter) =>
      filter.kind === 'field' &&
      filter.op === 'EQUAL' &&
      filter.field.length === 1 &&
      filter.field[0] === 'email' &&
      stringOf(filter.value) === principal.email,
  )
  return ownEmail ? ALLOW : deny('a query on tasks must filter email == your e-mail')
}
