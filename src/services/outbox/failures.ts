/**
 * Firestore's answers that no retry can change: only these drop a write. (Our writes carry no
 * precondition that another device could make true later: `failed-precondition` here means a
 * missing index or the like.)
 */
const PERMANENT = new Set([
  'permission-denied',
  'invalid-argument',
  'not-found',
  'already-exists',
  'failed-precondition',
  'out-of-range',
  'data-loss',
  'unimplemented',
])

/**
 * The Auth client's answers that end the session: the SDK signs the user out, and their writes
 * wait on the device for their next sign-in.
 */
const SESSION_ENDED = new Set([
  'auth/user-token-expired',
  'auth/user-disabled',
  'auth/invalid-user-token',
])

/**
 * - `permanent`: the server refused the write for good; it is dropped.
 * - `unauthenticated`: the server did not take the ID token; get a fresh one and try again.
 * - `signedOut`: the session ended; the write waits for its owner's next sign-in.
 * - `transient`: anything else, every other `auth/*` code (a token refresh that failed offline
 *   is `auth/network-request-failed`) and anything unknown: retried with the backoff.
 */
export type FailureKind = 'transient' | 'unauthenticated' | 'signedOut' | 'permanent'

export const errorCode = (err: unknown): string =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : 'unknown'

/** What to do after a failed write, from the error's `code` (never its class: see README). */
export function classifyFailure(err: unknown): FailureKind {
  const code = errorCode(err)
  if (code === 'unauthenticated') return 'unauthenticated'
  if (SESSION_ENDED.has(code)) return 'signedOut'
  return PERMANENT.has(code) ? 'permanent' : 'transient'
}
