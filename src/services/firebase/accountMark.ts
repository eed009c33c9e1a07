// What Delete account asks of the server: the tasks it still holds, and the mark of a deleted
// account (`deletedAccounts/{uid}`, firestore.rules; docs/sync.md, "Delete account").
import type { FirebaseApp } from 'firebase/app'
import { getAuth } from 'firebase/auth'
import {
  deleteDoc,
  doc,
  getCountFromServer,
  getDocsFromServer,
  limit,
  onSnapshot,
  query,
  serverTimestamp,
  setDoc,
  where,
  type Firestore,
} from 'firebase/firestore'
import type { TaskRepository } from '../types'
import { tasksOf } from './liveTasks'

const DELETED_ACCOUNTS = 'deletedAccounts'

function signedInUid(app: FirebaseApp): string {
  const uid = getAuth(app).currentUser?.uid
  if (uid) return uid
  throw Object.assign(new Error('Nobody is signed in'), { code: 'unauthenticated' })
}
type Methods = Pick<
  TaskRepository,
  | 'idsOnServer'
  | 'countOnServer'
  | 'markAccountDeleted'
  | 'unmarkAccountDeleted'
  | 'watchAccountMark'
>

export function accountMarks(
  app: FirebaseApp,
  db: () => Firestore,
): { methods: Methods; followed: () => string | null } {
  let followed: string | null = null
  // The account this page marked itself: its own deletion, which the other pages are told of.
  let markedHere: string | null = null
  const markOf = (uid: string) => doc(db(), DELETED_ACCOUNTS, uid)
  const methods: Methods = {
    // A query of its own (the limit makes it one): the live query's view may be waiting on an
    // answer of its own.
    async idsOnServer(email, atMost) {
      const found = await getDocsFromServer(
        query(tasksOf(db()), where('email', '==', email), limit(atMost)),
      )
      return found.docs.map(({ id }) => id)
    },
    // The server's own count: getDocsFromServer's answer has this device's queued deletes applied.
    async countOnServer(email) {
      const counted = await getCountFromServer(query(tasksOf(db()), where('email', '==', email)))
      return counted.data().count
    },
    async markAccountDeleted() {
      const uid = signedInUid(app)
      markedHere = uid
      await setDoc(markOf(uid), { at: serverTimestamp() })
    },
    async unmarkAccountDeleted() {
      const uid = signedInUid(app)
      await deleteDoc(markOf(uid))
      if (markedHere === uid) markedHere = null
    },
    watchAccountMark(onChange, onError) {
      const uid = signedInUid(app)
      followed = uid
      // Only the server's word: a mark in the cache may have been taken back since.
      return onSnapshot(
        markOf(uid),
        { includeMetadataChanges: true },
        (snapshot) => {
          if (!snapshot.metadata.fromCache) onChange(snapshot.exists() && markedHere !== uid)
        },
        onError,
      )
    },
  }
  return { methods, followed: () => followed }
}
