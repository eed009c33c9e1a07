import type { AppListenerEffect } from '../../../app/hooks'
import type { LegacyWrite } from '../../../services/appServices'
import type { authStateChanged } from '../../auth'
import { tasksSnapshotReceived } from '../model/tasksSlice'

// The app's versions before the Firestore SDK kept their own queue of writes on the device. A
// browser that still holds some of the signed-in person's hands them to the SDK once, in their
// order, then forgets them: the SDK keeps them from then on, as it keeps every write.

type Effect = AppListenerEffect<typeof authStateChanged>

/** `send`: each write as a click's is sent (listeners.ts). */
export const deliverLegacyOutbox =
  (send: (api: Parameters<Effect>[1], write: LegacyWrite) => void): Effect =>
  async (action, api) => {
    api.cancelActiveListeners()
    const email = action.payload?.email
    if (!email) return
    // Once the SDK runs for them (their first snapshot), so the writes go into its queue at once
    // after they leave the old one.
    await api.condition(
      (event) => tasksSnapshotReceived.match(event) && event.payload.email === email,
    )
    try {
      for (const write of await api.extra.legacyOutbox.take(email)) send(api, write)
    } catch (err) {
      api.extra.logger.warn(
        'The changes an earlier version kept on this device could not be read',
        err,
      )
    }
  }
