// Everything that touches Firestore Lite, in one module that the repository requests together
// with the Auth chunk, once the page has drawn what the device holds (so a returning user's
// first query need not wait for it): the database client is not part of the first render's
// JavaScript.
import type { FirebaseApp } from 'firebase/app'
import {
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  initializeFirestore,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore/lite'
import type { FirebaseSettings } from '../../config/env'
import type { Task, TaskField } from '../types'

export function connectFirestore(app: FirebaseApp, settings: FirebaseSettings): Firestore {
  const db = initializeFirestore(app, {})
  if (settings.emulators) {
    connectFirestoreEmulator(db, settings.emulators.firestoreHost, settings.emulators.firestorePort)
  }
  return db
}

const TASKS = 'tasks'

export function createTaskDocument(db: Firestore, { id, task, isFinished, email, order }: Task) {
  return setDoc(doc(db, TASKS, id), { task, isFinished, email, order })
}

/** Whether `tasks/{id}` exists (one batchGet). */
export async function taskDocumentExists(db: Firestore, id: string): Promise<boolean> {
  return (await getDoc(doc(db, TASKS, id))).exists()
}

/**
 * Writes only the fields given (an update mask of them, and the document must exist): a field
 * another device changed keeps its value, and a task deleted elsewhere is never re-created.
 */
export function updateTaskDocument(
  db: Firestore,
  id: string,
  changes: Partial<Pick<Task, TaskField>>,
) {
  return updateDoc(doc(db, TASKS, id), changes)
}

export function deleteTaskDocument(db: Firestore, id: string) {
  return deleteDoc(doc(db, TASKS, id))
}
