import type { FirebaseApp } from 'firebase/app'
import { retryingLoad } from '../../lib/retryingLoad'
import type { FirebaseSettings } from '../../config/env'
import { afterNextPaint } from '../../lib/frames'

/** The Firebase app, or how to get it (loading its chunk on first use, again after a failure). */
export type AppSource = FirebaseApp | (() => Promise<FirebaseApp>)

export const appOf = (source: AppSource): Promise<FirebaseApp> =>
  typeof source === 'function' ? source() : Promise.resolve(source)

/**
 * The Firebase app, from a chunk loaded after the entry: nothing on the first render needs it
 * (Auth and Firestore load later anyway), and it keeps about 8 kB (gzip) of `firebase/app`
 * out of the JavaScript loaded before that render. It is requested together with the Auth and
 * Firestore chunks (which import it), once `after` resolves (see {@link createLoadGate}).
 */
export function loadFirebaseApp(
  settings: FirebaseSettings,
  after: Promise<unknown> = Promise.resolve(),
): () => Promise<FirebaseApp> {
  return retryingLoad(() =>
    after
      .then(() => import('./firebaseApp'))
      .then(({ initFirebaseApp }) => initFirebaseApp(settings)),
  )
}

/**
 * When Firebase's chunks (about 50 kB gzip, and their evaluation) may load: a returning user's
 * list is drawn from the device first, which needs none of it, so on a slow phone the SDK does
 * not compete with that first view for the network and the main thread. `open` lets them load,
 * after the next paint (or within half a second where frames do not come, as in a hidden tab).
 * Whatever happens to that first view (IndexedDB can hang), the gate opens after `maxWaitMs`.
 */
export function createLoadGate(maxWaitMs = 3000) {
  let release: () => void = () => undefined
  const opened = new Promise<void>((resolve) => {
    release = resolve
  })
  setTimeout(release, maxWaitMs)
  const open = () => {
    const fallback = setTimeout(release, 500)
    afterNextPaint(() => {
      clearTimeout(fallback)
      release()
    })
  }
  return { opened, open }
}
