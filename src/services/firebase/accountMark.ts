// What Delete account asks of the server: the tasks it still holds, their deletion, and the
// record of the address's deletions (`deletions/{sha256(email)}`, firestore.rules; docs/sync.md,
// "Delete account"). Its writes are single commits through REST (serverRest.ts): sent at once or
// not at all, never queued on the device, so nothing of a deletion given up on can land later.
import type { FirebaseApp } from 'firebase/app'
import { getAuth, type User } from 'firebase/auth'
import {
  doc,
  getCountFromServer,
  onSnapshot,
  query,
  where,
  type Firestore,
} from 'firebase/firestore'
import { MAX_LISTS } from '../taskDocument'
import { ACCOUNT_CLOSING, type AccountStanding, type TaskRepository } from '../types'
import { tasksOf } from './liveTasks'
import { DELETIONS, keyOf, recordOf, standingOf, type DeletionRecord } from './deletionRecord'
import { deletionRun } from './deletionRun'
import { commitStep, idsOnServer, recordOnServer, type RecordChange } from './serverRest'
import { watchStanding, type StandingSources } from './standingWatch'
import type { FirebaseSettings } from '../../config/env'

function signedInUser(app: FirebaseApp): User {
  const user = getAuth(app).currentUser
  if (user) return user
  throw Object.assign(new Error('Nobody is signed in'), { code: 'unauthenticated' })
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
  const refOf = async (user: User) => doc(db(), DELETIONS, await keyOf(user.email ?? ''))
  /** The standing of the signed-in session, by the token's auth_time (what the rules compare). */
  const standingFor = async (user: User, record: DeletionRecord) => {
    const since = Date.parse((await user.getIdTokenResult()).authTime)
    return standingOf(record, since, { mine: run.isMine, closed: run.closedHere() })
  }
  const ask = async (user: User) => recordOnServer(user, settings, await keyOf(user.email ?? ''))

  /** One step of the deletion: the deletes and the record's change in one commit. */
  async function step(ids: readonly string[], change: Omit<RecordChange, 'key'>) {
    const user = signedInUser(app)
    await commitStep(user, settings, ids, { key: await keyOf(user.email ?? ''), ...change })
  }
  const closing = () => ({ strings: { closing: signedInUser(app).uid }, now: ['closingAt'] })

  const methods: Methods = {
    idsOnServer: (email, atMost) => idsOnServer(signedInUser(app), settings, email, atMost),
    // The server's own count: getDocsFromServer's answer has this device's queued deletes applied.
    async countOnServer(email) {
      const counted = await getCountFromServer(query(tasksOf(db()), where('email', '==', email)))
      return counted.data().count
    },
    async beginDeletion() {
      await run.begin()
      await step([], closing())
    },
    async deleteTasksOfAccount(ids, last) {
      if (!last) {
        await step(ids, closing())
        return
      }
      run.closing()
      // Every slot of the person's lists goes with the last step: a slot with no list is a
      // delete of nothing. So the next account with the address starts with none.
      const lists = Array.from({ length: MAX_LISTS }, (_, slot) => String(slot + 1))
      await step(ids, { now: ['closedAt'], removed: ['closing', 'closingAt'], lists })
      run.closed()
    },
    // Refused: nothing of this page's to stop (never begun, or closed since).
    stopDeletion: () =>
      run.stop(() =>
        step([], { removed: ['closing', 'closingAt'] }).catch((err: unknown) => {
          if ((err as { code?: unknown } | null)?.code !== 'permission-denied') throw err
        }),
      ),
    async standing() {
      const user = signedInUser(app)
      return standingFor(user, await ask(user))
    },
    watchStanding(onChange, onError) {
      const user = signedInUser(app)
      followed = user.uid
      const sources: StandingSources = {
        live(onRecord, onLiveError) {
          let stop: (() => void) | null = null
          let stopped = false
          refOf(user).then((ref) => {
            if (stopped) return
            // Only the server's word: a record in the cache may have changed since.
            stop = onSnapshot(
              ref,
              { includeMetadataChanges: true },
              (snapshot) => {
                if (!snapshot.metadata.fromCache) onRecord(recordOf(snapshot))
              },
              onLiveError,
            )
          }, onLiveError)
          return () => {
            stopped = true
            stop?.()
          }
        },
        ask: () => ask(user),
        standing: (record) => standingFor(user, record),
        orphaned: () => run.orphaned(),
        stopDeletion: () => methods.stopDeletion(),
      }
      return watchStanding(
        sources,
        (standing) => {
          lastSeen = standing.kind
          onChange(standing)
        },
        onError,
      )
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
