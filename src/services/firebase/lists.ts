// A person's own lists, `people/{key}/lists/{slot}` (firestore.rules): followed live and written
// through the SDK's queue as tasks are, so a list made offline is kept and sent like a task.
import type { FirebaseApp } from 'firebase/app'
import { getAuth } from 'firebase/auth'
import {
  collection,
  deleteDoc,
  doc,
  onSnapshot,
  setDoc,
  updateDoc,
  type DocumentReference,
  type Firestore,
} from 'firebase/firestore'
import { isListId } from '../taskDocument'
import type { ListChanges, ListEntry, ListRepository } from '../types'
import { keyOf } from './deletionRecord'

const PEOPLE = 'people'
const LISTS = 'lists'

/** A stored list as read, whatever wrote it: one with no usable name or slot is left out. */
function entryOf(id: string, data: Record<string, unknown>): ListEntry | null {
  const { name, rank, made } = data
  if (!isListId(id) || typeof name !== 'string' || name.trim() === '') return null
  return {
    id,
    name,
    rank: typeof rank === 'string' ? rank : '',
    made: typeof made === 'string' ? made : '',
  }
}

const signedInEmail = (app: FirebaseApp) => {
  const email = getAuth(app).currentUser?.email
  if (!email) throw Object.assign(new Error('Nobody is signed in'), { code: 'unauthenticated' })
  return email
}

/**
 * `write` counts a write until it settles, as a task's is (firestore.ts); `ids` there are the
 * documents', so a list's carries its own prefix.
 */
export function listStore(
  app: FirebaseApp,
  db: () => Firestore,
  write: (ids: readonly string[], send: () => Promise<void>) => Promise<void>,
): ListRepository {
  // The address's key, as the rules compute it; worked out once (following the lists does it at
  // sign-in), so a write is handed to the SDK in the same turn as the click, never held here.
  let known: { email: string; key: string } | null = null
  const keyNow = () => {
    const email = signedInEmail(app)
    return known?.email === email ? known.key : null
  }
  const key = async () => {
    const email = signedInEmail(app)
    const now = keyNow()
    if (now !== null) return now
    const made = await keyOf(email)
    known = { email, key: made }
    return made
  }
  const listsOf = (of: string) => collection(db(), PEOPLE, of, LISTS)
  /**
   * `send` to list `id`'s document, handed to the SDK in this turn once the key is known: the
   * SDK sends writes in the order it is handed them, so a list made before its tasks (an
   * import, an Undo) reaches the server first, and no other device shows them in My tasks.
   */
  const counted = (id: string, send: (list: DocumentReference) => Promise<void>) =>
    write([`list:${id}`], () => {
      const now = keyNow()
      return now === null
        ? key().then((of) => send(doc(listsOf(of), id)))
        : send(doc(listsOf(now), id))
    })
  return {
    watchLists(onLists, onError) {
      let stop: (() => void) | null = null
      let stopped = false
      key().then((of) => {
        if (stopped) return
        stop = onSnapshot(
          listsOf(of),
          (snapshot) => {
            const entries = snapshot.docs.flatMap((list) => entryOf(list.id, list.data()) ?? [])
            onLists({ lists: entries, fromCache: snapshot.metadata.fromCache })
          },
          onError,
        )
      }, onError)
      return () => {
        stopped = true
        stop?.()
      }
    },
    addList: ({ id, name, rank, made }) =>
      counted(id, (list) => setDoc(list, { name, rank, made })),
    changeList: (id, changes: ListChanges) =>
      counted(id, (list) => updateDoc(list, { ...changes })),
    deleteList: (id) => counted(id, (list) => deleteDoc(list)),
  }
}
