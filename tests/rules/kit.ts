/**
 * What the rules table's cases (cases.ts, deletionCases.ts, listCases.ts) are made of: who
 * asks, and how.
 */
import {
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  collection,
  getDocs,
  query,
  setDoc,
  where,
  writeBatch,
} from 'firebase/firestore/lite'
import { createHash } from 'node:crypto'
import { newTask, toStored } from '../../src/services/taskDocument'

export const ADA = 'ada@example.com'
export const GRACE = 'grace@example.com'
/** An address with a slash in it (`slashed`): its key is its hash, never a path. */
export const SLASHED = 'a/b@example.com'
/** Now, in the seconds of a token's claims. */
export const NOW = Math.floor(Date.now() / 1000)
const now = NOW
/** When Ada signed in (a token's auth_time): 20 minutes ago, as the others did. */
export const ADA_SIGNED_IN = now - 20 * 60

/** Who asks: the ID token the SDK sends (`mockUserToken`), or none. */
export const TOKENS = {
  ada: { sub: 'ada', email: ADA, email_verified: true, iat: now, auth_time: ADA_SIGNED_IN },
  /** The next account with Ada's address (a new uid), signed up a minute ago. */
  adaNext: { sub: 'ada-next', email: ADA, email_verified: true, iat: now, auth_time: now - 60 },
  /** Ada again, on a device where she signed in ten seconds ago (after her deletion began). */
  adaFresh: { sub: 'ada', email: ADA, email_verified: true, iat: now, auth_time: now - 10 },
  /** Ada's address with a slash in it: the record's id is its hash, never a path. */
  slashed: {
    sub: 'slashed',
    email: SLASHED,
    email_verified: true,
    iat: now,
    auth_time: now - 60,
  },
  grace: { sub: 'grace', email: GRACE, email_verified: true, iat: now, auth_time: now - 1200 },
  adaUnverified: { sub: 'ada', email: ADA, email_verified: false, iat: now },
  adaWithoutVerifiedClaim: { sub: 'ada', email: ADA, iat: now },
  withoutEmail: { sub: 'someone', email_verified: true, iat: now },
  adaExpired: { sub: 'ada', email: ADA, email_verified: true, iat: now - 7200 },
  malformed: 'not-a-jwt',
  owner: 'owner',
  none: undefined,
} as const

export type Who = keyof typeof TOKENS
/** 'ok', or the SDK's error code (`permission-denied`, `not-found`…), then what followed. */
export type Outcome = string

export interface CaseContext {
  db: Firestore
  /** One of this case's documents in `tasks` (ids are made unique per case). */
  task: (id: string) => DocumentReference
  /** The same, through the admin token, for checking what was stored. */
  stored: (id: string) => Promise<DocumentData | undefined>
  /** The deletion record of the address `email` (`deletions/{sha256}`), as the asker reaches it. */
  record: (email: string) => DocumentReference
  /** The same, through the admin token. */
  storedRecord: (email: string) => Promise<DocumentData | undefined>
  /** A list of the address `email` (`people/{sha256}/lists/{slot}`), as the asker reaches it. */
  list: (slot: string, email?: string) => DocumentReference
  /** The lists of the address `email`, as the asker queries them. */
  lists: (email?: string) => CollectionReference
  /** A list, through the admin token. */
  storedList: (slot: string, email?: string) => Promise<DocumentData | undefined>
}

/** The addresses whose deletion record a case may seed: none has one as a case starts. */
export const RECORDED = [ADA, GRACE] as const

/** A deletion record's and a person's lists' key: the address's SHA-256, as the rules compute it. */
export const keyOf = (email: string) => createHash('sha256').update(email).digest('hex')

/** The addresses whose lists a case may seed: none has any as a case starts. */
export const LISTED = [ADA, GRACE, SLASHED] as const

/** A deletion record as a case seeds it: times in a token's seconds, made Timestamps. */
export interface SeededRecord {
  closedAt?: number
  closing?: string
  closingAt?: number
}

export interface RulesCase {
  name: string
  as: Who
  /** Tasks stored first, as the admin, by id. */
  seed?: Record<string, DocumentData>
  /** Deletion records stored first, as the admin, by address (seconds for the times). */
  records?: Partial<Record<(typeof RECORDED)[number], SeededRecord>>
  /** Lists stored first, as the admin, by address, then by slot. */
  lists?: Partial<Record<(typeof LISTED)[number], Record<string, DocumentData>>>
  act: (context: CaseContext) => Promise<unknown>
  /** Checked after the act (its result is appended to the outcome). */
  then?: (context: CaseContext) => Promise<string>
  expected: Outcome
}

// Documents as the app's one definition writes them (src/services/taskDocument.ts).
export const task = (email: string, extra: DocumentData = {}): DocumentData => ({
  ...toStored(newTask({ id: 'x', task: 'Buy oat milk', email, order: 1 })),
  ...extra,
})
export const ownTask = task(ADA)
/** A task as the original app wrote it: task, isFinished and email, nothing else. */
export const originalTask = { task: 'Water the plants', isFinished: false, email: ADA }
export const without = (data: DocumentData, key: string): DocumentData =>
  Object.fromEntries(Object.entries(data).filter(([name]) => name !== key))

/** A document as JSON with its fields in name order, whatever order it came in. */
export const inKeyOrder = (data: DocumentData | undefined) =>
  JSON.stringify(
    data && Object.fromEntries(Object.entries(data).sort(([a], [b]) => a.localeCompare(b))),
  )

export const create =
  (data: DocumentData) =>
  ({ task: at }: CaseContext) =>
    setDoc(at('new'), data)
export const own = { mine: ownTask }
export const hers = { hers: task(GRACE) }
/** `count` new tasks of Ada's in one batch, as an import writes them (src/features/account). */
export const batchOfNew =
  (count: number) =>
  ({ db, task: at }: CaseContext) => {
    const batch = writeBatch(db)
    for (let i = 0; i < count; i++) batch.set(at(`new${String(i)}`), ownTask)
    return batch.commit()
  }
/** Whether the case's task `id` was stored. */
export const storedOrNot =
  (id: string) =>
  async ({ stored }: CaseContext) =>
    `stored: ${String((await stored(id)) !== undefined)}`
export const tasksOf = (db: Firestore, ...filters: Parameters<typeof where>[]) =>
  getDocs(query(collection(db, 'tasks'), ...filters.map((filter) => where(...filter))))
