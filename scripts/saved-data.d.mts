export { Damaged } from './leveldb-log.mjs'
export declare const FIRESTORE_EXPORT: string
export declare const AUTH_EXPORT: string
export declare const FIREBASE_METADATA: string
export declare function firestoreMetadataFile(exportDir: string): string

/** What a save holds; equal digests, equal data. */
export interface Saved {
  documents?: number
  accounts?: number
  digest: string | null
}
export type Part = 'firestore' | 'auth'
export interface StoreShape {
  parts: Part[]
  firebaseMetadata: boolean
}
export declare function readFirestoreExport(
  exportDir: string,
  root?: string,
): { documents: number; digest: string }
export declare function readAuthExport(
  authDir: string,
  root?: string,
): { accounts: number; digest: string }
/** Reads a store's folder whole; throws {@link Damaged} saying what is wrong. */
export declare function readSaved(store: StoreShape, dir: string): Saved
