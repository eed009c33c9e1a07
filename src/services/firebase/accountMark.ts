// What Delete account asks of the server: the tasks it still holds, their deletion, and the
// record of the address's deletions (`deletions/{sha256(email)}`, firestore.rules; docs/sync.md,
// "Delete account"). Its writes are transactions: sent at once or not at all, never queued on
// the device, so nothing of a deletion the person gave up on can land later.
import type { FirebaseApp } from 'firebase/app'
import { getAuth, type User } from 'firebase/auth'
import {
  deleteField,
  doc,
  getCountFromServer,
  getDocFromServer,
  onSnapshot,
  query,
  runTransaction,
  serverTimestamp,
  where,
  type DocumentSnapshot,
  type Firestore,
  type Timestamp,
} from 'firebase/firestore'
import { ACCOUNT_CLOSING, type AccountStanding, type TaskRepository } from '../types'
import { tasksOf } from './liveTasks'
import { deletionRun } from './deletionRun'
import { idsOnServer } from './serverIds'
import type { FirebaseSettings } from '../../config/env'

const DELETIONS = 'deletions'
/** How long a deletion counts without a step (firestore.rules' `closing`). */
export const CLOSING_LAPSES_MS = 10 * 60_000

function signedInUser(app: FirebaseApp): User {
  const user = getAuth(app).currentUser
  if (user) return user
  throw Object.assign(new Error('Nobody is signed in'), { code: 'unauthenticated' })
}

/** The record's id: the address's SHA-256, as the rules compute it. */
async function keyOf(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

interface Record {
  closedAt?: Timestamp
  closing?: string
  closingAt?: Timestamp
}

/** A write refused while the account closes is said as such (ACCOUNT_CLOSING), never as refused. */
export type Explain = (err: unknown) => unknown

type Methods = Pick<
  TaskRepository,
  | 'idsOnServer'
  | 'countOnServer'
  | 'beginDeletion'
  | 'deleteTasksOfAccount'
  | 'stopDeletion'
  | 'standing'
  | 'watchStanding'
>

export function accountDeletions(
  app: FirebaseApp,
  settings: FirebaseSettings,
  db: () => Firestore,
): { methods: Methods; followed: () => string | null; explain: Explain } {
  let followed: string | null = null
  // The last standing the server reported to a watch: a refusal is explained from it at once.
  let lastSeen: AccountStanding['kind'] = 'open'
  const run = deletionRun(() => signedInUser(app).uid, `todo.deletion.${app.name}`)
  const recordOf = async (user: User) => doc(db(), DELETIONS, await keyOf(user.email ?? ''))
  /** When the session signed in, in ms (the token's auth_time, which the rules compare). */
  const signedInAt = async (user: User) => Date.parse((await user.getIdTokenResult()).authTime)

  async function standingOf(user: User, snapshot: DocumentSnapshot): Promise<AccountStanding> {
    const record = (snapshot.data() ?? {}) as Record
    const since = await signedInAt(user)
    // As the rules: a token signed in at or before the deletion (to the second) is refused.
    if (record.closedAt && Math.floor(since / 1000) * 1000 <= record.closedAt.toMillis()) {
      return { kind: 'closed', here: run.closedHere() }
    }
    const until = record.closingAt ? record.closingAt.toMillis() + CLOSING_LAPSES_MS : 0
    if (record.closing && until > Date.now()) {
      const here = run.isMine(record.closing)
      return { kind: 'closing', here, until }
    }
    return { kind: 'open' }
  }

  /** One step of the deletion, in a transaction of its own (one attempt: a retry is the page's). */
  async function step(ids: readonly string[], record: (user: User) => object) {
    const user = signedInUser(app)
    const ref = await recordOf(user)
    const tasks = tasksOf(db())
    await runTransaction(
      db(),
      (transaction) => {
        for (const id of ids) transaction.delete(doc(tasks, id))
        transaction.set(ref, record(user), { merge: true })
        return Promise.resolve()
      },
      { maxAttempts: 1 },
    )
  }
  const closing = (user: User) => ({ closing: user.uid, closingAt: serverTimestamp() })

  const methods: Methods = {
    idsOnServer: (email, atMost) => idsOnServer(signedInUser(app), settings, email, atMost),
    // The server's own count: getDocsFromServer's answer has this device's queued deletes applied.
    async countOnServer(email) {
      const counted = await getCountFromServer(query(tasksOf(db()), where('email', '==', email)))
      return counted.data().count
    },
    async beginDeletion() {
      await run.begin()
      await step([], closing)
    },
    async deleteTasksOfAccount(ids, last) {
      if (!last) {
        await step(ids, closing)
        return
      }
      run.closing()
      await step(ids, () => ({
        closedAt: serverTimestamp(),
        closing: deleteField(),
        closingAt: deleteField(),
      }))
      run.closed()
    },
    // Refused: nothing of this page's to stop (never begun, or closed since).
    stopDeletion: () =>
      run.stop(() =>
        step([], () => ({ closing: deleteField(), closingAt: deleteField() })).catch(
          (err: unknown) => {
            if ((err as { code?: unknown } | null)?.code !== 'permission-denied') throw err
          },
        ),
      ),
    async standing() {
      const user = signedInUser(app)
      return standingOf(user, await getDocFromServer(await recordOf(user)))
    },
    watchStanding(onChange, onError) {
      const user = signedInUser(app)
      followed = user.uid
      let stopped = false
      let stop: () => void = () => undefined
      let lapse: ReturnType<typeof setTimeout> | undefined
      const report = async (snapshot: DocumentSnapshot) => {
        const standing = await standingOf(user, snapshot)
        if (stopped) return
        lastSeen = standing.kind
        clearTimeout(lapse)
        // A deletion that stops taking steps lapses: the server takes writes again then.
        if (standing.kind === 'closing') {
          lapse = setTimeout(() => void report(snapshot), standing.until - Date.now() + 1000)
        }
        // A run of this device's cut short by a reload: nothing will take its next step.
        if (standing.kind === 'closing' && !standing.here && (await run.orphaned())) {
          void methods.stopDeletion().catch(() => undefined)
        }
        onChange(standing)
      }
      void recordOf(user).then((ref) => {
        if (stopped) return
        // Only the server's word: a record in the cache may have changed since.
        stop = onSnapshot(
          ref,
          { includeMetadataChanges: true },
          (snapshot) => {
            if (!snapshot.metadata.fromCache) void report(snapshot)
          },
          onError,
        )
      }, onError)
      return () => {
        stopped = true
        clearTimeout(lapse)
        stop()
      }
    },
  }
  // At once, from what the watch last heard: a write's refusal must reach the page before the
  // live query's rollback that follows it (firestore.ts). One that comes before the news is
  // explained by the page once the news comes (saving/unsaved.ts).
  const explain: Explain = (err) => {
    if ((err as { code?: unknown } | null)?.code !== 'permission-denied') return err
    if (lastSeen === 'open') return err
    return Object.assign(new Error('The account is being deleted', { cause: err }), {
      code: ACCOUNT_CLOSING,
    })
  }
  return { methods, followed: () => followed, explain }
}
