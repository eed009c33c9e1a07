// Delete account's record of an address (firestore.rules' `deletions`), and what it means for the
// signed-in session: the same reading as the rules'.
import type { DocumentSnapshot, Timestamp } from 'firebase/firestore'
import type { AccountStanding } from '../types'

export const DELETIONS = 'deletions'
/** How long a deletion counts without a step (firestore.rules' `closing`). */
export const CLOSING_LAPSES_MS = 10 * 60_000

/** The record, its times in ms since the epoch; empty when there is none. */
export interface DeletionRecord {
  closedAt?: number
  closing?: string
  closingAt?: number
}

/** The record's id: the address's SHA-256, as the rules compute it. */
export async function keyOf(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

export function recordOf(snapshot: DocumentSnapshot): DeletionRecord {
  const data = (snapshot.data() ?? {}) as Partial<Record<string, Timestamp | string>>
  const time = (value: unknown) => (value as Timestamp | undefined)?.toMillis()
  const { closedAt, closing, closingAt } = data
  return {
    ...(closedAt !== undefined && { closedAt: time(closedAt) }),
    ...(typeof closing === 'string' && { closing }),
    ...(closingAt !== undefined && { closingAt: time(closingAt) }),
  }
}

/**
 * The standing of a session signed in at `since` (ms): `here` says whether this page is the one
 * deleting (`mine`) or closed it.
 */
export function standingOf(
  record: DeletionRecord,
  since: number,
  here: { mine: (uid: string) => boolean; closed: boolean },
  now = Date.now(),
): AccountStanding {
  // As the rules: a token signed in at or before the deletion (to the second) is refused.
  if (record.closedAt !== undefined && Math.floor(since / 1000) * 1000 <= record.closedAt) {
    return { kind: 'closed', here: here.closed }
  }
  const until = (record.closingAt ?? 0) + CLOSING_LAPSES_MS
  if (record.closing !== undefined && until > now) {
    return { kind: 'closing', here: here.mine(record.closing), until }
  }
  return { kind: 'open' }
}
