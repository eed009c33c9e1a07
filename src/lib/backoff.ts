/** Firestore's own backoff: from 1 s, doubling, up to 60 s (spec section 9), with jitter. */
export const BACKOFF_INITIAL_MS = 1000
export const BACKOFF_MAX_MS = 60_000

/** The delay before retry number `attempt` (1-based): full jitter over the capped doubling. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** Math.max(0, attempt - 1))
  // Half fixed, half random: never hammers, and tabs or clients that failed together spread out.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}
