// The mark of a deleted account (`deletedAccounts/{uid}`, firestore.rules; docs/sync.md,
// "Delete account").
import type { FirebaseApp } from 'firebase/app'
import { getAuth } from 'firebase/auth'
import {
  deleteDoc,
  doc,
  onSnapshot,
  serverTimestamp,
  setDoc,
  type Firestore,
} from 'firebase/firestore'
import type { TaskRepository } from '../types'

const DELETED_ACCOUNTS = 'deletedAccounts'

function signedInUid(app: FirebaseApp): string {
  const uid = getAuth(app).currentUser?.uid
  if (uid) return uid
  throw Object.assign(new Error('Nobody is signed in'), { code: 'unauthenticated' })
}
type MarkMethods = Pick<
  TaskRepository,
  'markAccountDeleted' | 'unmarkAccountDeleted' | 'watchAccountMark'
>

export function accountMarks(
  app: FirebaseApp,
  db: () => Firestore,
): MarkMethods & { followed: () => string | null } {
  let followed: string | null = null
  // The account this page marked itself: its own deletion, which the other pages are told of.
  let markedHere: string | null = null
  const markOf = (uid: string) => doc(db(), DELETED_ACCOUNTS, uid)
  return {
    followed: () => followed,
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
}
