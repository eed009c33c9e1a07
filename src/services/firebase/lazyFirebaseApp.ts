import type { FirebaseApp } from 'firebase/app'
import { importAgainAfterFailure, retryingLoad, afterNextPaint } from '../../lib/helpers'
import type { FirebaseSettings } from '../../config/env'

/** The Firebase app, or how to get it (loading its chunk on first use, again after a failure). */
export type AppSource = FirebaseApp | (() => Promise<FirebaseApp>)
export const appOf = (source: AppSource): Promise<FirebaseApp> =>
  typeof source === 'function' ? source() : Promise.resolve(source)

/** The Firebase app, its chunk requested with Auth's and Firestore's once `after` resolves. */
export function loadFirebaseApp(
  settings: FirebaseSettings,
  after: Promise<unknown> = Promise.resolve(),
): () => Promise<FirebaseApp> {
  const sdk = importAgainAfterFailure(() => import('./firebaseApp'))
  return retryingLoad(() =>
    after.then(sdk).then(({ initFirebaseApp }) => initFirebaseApp(settings)),
  )
}

/** After the next paint (not competing with it), or half a second where no frame comes. */
export function createLoadGate() {
  let release: () => void = () => undefined
  const opened = new Promise<void>((resolve) => {
    release = resolve
  })
  const open = () => {
    const fallback = setTimeout(release, 500)
    afterNextPaint(() => {
      clearTimeout(fallback)
      release()
    })
  }
  return { opened, open }
}
