import type { FirebaseApp } from 'firebase/app'
import type { FirebaseSettings } from './config'

/**
 * The Firebase app, from a chunk loaded after the entry: nothing on the first render needs it
 * (Auth and Firestore load later anyway), and it keeps about 8 kB (gzip) of `firebase/app`
 * out of the JavaScript loaded before that render. Vite preloads it alongside their chunks.
 */
export function loadFirebaseApp(settings: FirebaseSettings): Promise<FirebaseApp> {
  return import('./firebaseApp').then(({ initFirebaseApp }) => initFirebaseApp(settings))
}
