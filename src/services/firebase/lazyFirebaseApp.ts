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

/**
 * When Firebase's chunks may load: after the first paint, not competing with it on a slow phone.
 * `open`: after the next paint, or within half a second where frames do not come (a hidden tab).
 */
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
