/**
 * The project's security rules (`/firestore.rules`) as pure functions, and Firestore's token
 * handling. Keep the two in step: every rule here has its line there, and the rules table
 * (tests/rules) checks both against the official emulator.
 *
 * - A request without a token is anonymous: the rules refuse it (403 PERMISSION_DENIED).
 * - A token that is no JWT with JSON claims, or whose `exp` has passed, is refused before any
 *   rule with 401 UNAUTHENTICATED, as Firestore does (the emulator accepts expired tokens and
 *   answers 400 to malformed ones). Signatures are not checked, as in the emulator.
 * - `Bearer owner` is the emulator's admin token: it bypasses the rules.
 * - `tasks/{taskId}` only, for a signed-in user with a verified e-mail: reading, listing,
 *   creating, updating and deleting only documents whose `email` is theirs; a list must filter
 *   `email ==` their e-mail; a written task has exactly `task` (string, 1 to 1,000 UTF-16 code
 *   units), `isFinished` (bool), `email` (string), `order` (number) and optionally `id` (the
 *   document id). Reading or deleting a missing task is allowed; updating one is not.
 */
import type { Fields, Value } from './values'

/** Who is asking. */
export type Principal =
  | { kind: 'owner' }
  | { kind: 'anonymous' }
  | { kind: 'user'; email: string | undefined; emailVerified: boolean }

export type AuthResult = { ok: true; principal: Principal } | { ok: false; reason: string }

export type Decision = { allowed: true } | { allowed: false; reason: string }

/** A write as the rules see it: `update` also for an update of a missing document. */
export type WriteMethod = 'create' | 'update' | 'delete'

export const TASKS_COLLECTION = 'tasks'
export const MAX_TASK_LENGTH = 1000
const REQUIRED_TASK_FIELDS = ['task', 'isFinished', 'email', 'order'] as const
const ALLOWED_TASK_FIELDS: ReadonlySet<string> = new Set([...REQUIRED_TASK_FIELDS, 'id'])

const ALLOW: Decision = { allowed: true }
const deny = (reason: string): Decision => ({ allowed: false, reason })

function claimsOf(token: string): Record<string, unknown> | undefined {
  const [header, payload, ...rest] = token.split('.')
  if (header === undefined || payload === undefined || rest.length !== 1) return undefined
  try {
    const json = (part: string): unknown =>
      JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    const claims: unknown = json(payload)
    const alg: unknown = (json(header) as { alg?: unknown } | null)?.alg
    if (typeof alg !== 'string' || typeof claims !== 'object' || claims === null) return undefined
    return claims as Record<string, unknown>
  } catch {
    return undefined
  }
}

/** Reads the principal from an `Authorization` header; `now` in milliseconds, for `exp`. */
export function authenticate(authorization: string | null, now: number): AuthResult {
  if (authorization === null) return { ok: true, principal: { kind: 'anonymous' } }
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1]
  if (token === 'owner') return { ok: true, principal: { kind: 'owner' } }
  const claims = token === undefined ? undefined : claimsOf(token)
  if (claims === undefined) return { ok: false, reason: 'the token is not a JWT' }
  const { email, email_verified: verified, exp } = claims
  if (typeof exp === 'number' && exp * 1000 <= now) return { ok: false, reason: 'it has expired' }
  return {
    ok: true,
    principal: {
      kind: 'user',
      email: typeof email === 'string' ? email : undefined,
      emailVerified: verified === true,
    },
  }
}

const stringOf = (value: Value | undefined): string | undefined =>
  value !== undefined && 'stringValue' in value ? value.stringValue : undefined

/** `signedIn()`: the e-mail of a user whose address is verified. */
function verifiedEmail(principal: Principal): string | undefined {
  return principal.kind === 'user' && principal.emailVerified ? principal.email : undefined
}

const isTaskPath = (path: readonly string[]) => path.length === 2 && path[0] === TASKS_COLLECTION

/** Why `fields` is not a valid task with id `id` (`validTask()`), or undefined when it is one. */
export function taskProblem(fields: Fields, id: string): string | undefined {
  const extra = Object.keys(fields).filter((key) => !ALLOWED_TASK_FIELDS.has(key))
  if (extra.length > 0) return `unexpected field(s) ${extra.join(', ')}`
  const missing = REQUIRED_TASK_FIELDS.filter((key) => !(key in fields))
  if (missing.length > 0) return `missing field(s) ${missing.join(', ')}`
  const { task, isFinished, email, order } = fields
  const text = stringOf(task)
  if (text === undefined) return 'task must be a string'
  if (text.length < 1 || text.length > MAX_TASK_LENGTH) {
    return `task must be 1 to ${String(MAX_TASK_LENGTH)} characters long`
  }
  if (isFinished === undefined || !('booleanValue' in isFinished)) return 'isFinished: a bool'
  if (stringOf(email) === undefined) return 'email must be a string'
  if (order === undefined || !('integerValue' in order || 'doubleValue' in order)) {
    return 'order must be a number'
  }
  if ('id' in fields && stringOf(fields.id) !== id) return 'id must be the document id'
  return undefined
}

/** `allow get` (each name of a batchGet); `stored` is undefined for a missing document. */
export function canRead(
  principal: Principal,
  path: readonly string[],
  stored: Fields | undefined,
): Decision {
  if (principal.kind === 'owner') return ALLOW
  if (!isTaskPath(path)) return deny(`no rule allows reading ${path.join('/')}`)
  const email = verifiedEmail(principal)
  if (email === undefined) return deny('not signed in with a verified e-mail')
  if (stored === undefined || stringOf(stored.email) === email) return ALLOW
  return deny('the task belongs to another user')
}

/**
 * `allow create, update, delete`: `before` is the stored document (undefined if missing),
 * `after` the document the write would leave (undefined for a delete).
 */
export function canWrite(
  principal: Principal,
  path: readonly string[],
  method: WriteMethod,
  before: Fields | undefined,
  after: Fields | undefined,
): Decision {
  if (principal.kind === 'owner') return ALLOW
  if (!isTaskPath(path)) return deny(`no rule allows writing ${path.join('/')}`)
  const email = verifiedEmail(principal)
  if (email === undefined) return deny('not signed in with a verified e-mail')
  if (method === 'update' && before === undefined) return deny('the task does not exist')
  if (before !== undefined && stringOf(before.email) !== email) {
    return deny('the stored task belongs to another user')
  }
  if (after === undefined) return ALLOW
  if (stringOf(after.email) !== email) return deny('email must be the signed-in user’s e-mail')
  const problem = taskProblem(after, path[1] ?? '')
  return problem === undefined ? ALLOW : deny(problem)
}

/** `allow list`: the query's filters (all ANDed) must guarantee `email ==` the user's own. */
export function canQuery(
  principal: Principal,
  collectionId: string,
  equalities: readonly { field: string; value: Value }[],
): Decision {
  if (principal.kind === 'owner') return ALLOW
  if (collectionId !== TASKS_COLLECTION) return deny(`no rule allows listing ${collectionId}`)
  const email = verifiedEmail(principal)
  if (email === undefined) return deny('not signed in with a verified e-mail')
  const own = equalities.some(({ field, value }) => field === 'email' && stringOf(value) === email)
  return own ? ALLOW : deny('a query on tasks must filter email == your e-mail')
}
