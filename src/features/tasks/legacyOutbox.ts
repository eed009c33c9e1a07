import type { AppListenerEffect } from '../../app/listenerMiddleware'
import type { LegacyWrite } from '../../services/types'
import type { authStateChanged } from '../auth/authSlice'
import { refused, type Api } from './refused'
import { tasksSnapshotReceived } from './tasksSlice'

// The app's versions before the Firestore SDK kept their own queue of writes on the device. A
// browser that still holds some of the signed-in person's hands them to the SDK once, in their
// order, then forgets them: the SDK keeps them from then on, as it keeps every write.

function send(api: Api, write: LegacyWrite) {
  const { tasks } = api.extra
  switch (write.kind) {
    case 'add': {
      const failure = { id: write.task.id, kind: 'add', text: write.task.task } as const
      tasks.add(write.task).catch(refused(api, failure, 'Error adding document'))
      return
    }
    case 'update': {
      const failure = { id: write.id, kind: 'update', text: write.task.task } as const
      tasks.update(write.id, write.changes).catch(refused(api, failure, 'Error updating document'))
      return
    }
    case 'delete': {
      const failure = { id: write.id, kind: 'delete', text: '' } as const
      tasks.delete(write.id).catch(refused(api, failure, 'Error deleting document'))
    }
  }
}

export const deliverLegacyOutbox: AppListenerEffect<typeof authStateChanged> = async (
  action,
  api,
) => {
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
