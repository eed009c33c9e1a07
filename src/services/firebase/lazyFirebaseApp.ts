import type { FirebaseApp } from 'firebase/app'
import { importAgainAfterFailure, retryingLoad, afterNextPaint } from '../../lib/helpers'
import type { FirebaseSettings } from '../../config/env'

/** The Firebase app, or how to get it (loading its chunk on first use, again after a failure). */
export type AppSource = FirebaseApp | (() => Promise<FirebaseApp>)

export const appOf = (source: AppSource): Promise<FirebaseApp> =>
  typeof source === 'function' ? source() : Promise.resolve(source)

/**
 * The Firebase app, from a chunk loaded after the entry: nothing on the first render needs it.
 * It is requested together with the Auth and Firestore chunks (which import it), once `after`
 * resolves (see {@link createLoadGate}).
 */
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
 * When Firebase's chunks may load: after the first paint, so that on a slow phone they do not
 * compete with it for the network and the main thread. `open` lets them load after the next
 * paint, or within half a second where frames do not come (a hidden tab).
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
