import { isAnyOf } from '@reduxjs/toolkit'
import type { AppAnyActionEffect, AppListenerEffect, AppStartListening } from '../../app/hooks'
import { authStateChanged, userSignedOut } from '../auth'
import { listCreated, listMoved, listRenamed, listsSnapshotReceived } from './listsSlice'

// Writes follow the events, nobody waits for them, and a refusal is logged, never rolled back
// (as the tasks' are: spec §4).

export const LIST_SAVE_FAILURE = 'Error saving list'

const writeCreatedList: AppListenerEffect<typeof listCreated> = ({ payload }, api) => {
  api.extra.tasks.addList(payload).catch((err: unknown) => {
    api.extra.logger.error(LIST_SAVE_FAILURE, err)
  })
}

const writeRenamedList: AppListenerEffect<typeof listRenamed> = ({ payload }, api) => {
  api.extra.tasks.changeList(payload.id, { name: payload.name }).catch((err: unknown) => {
    api.extra.logger.error(LIST_SAVE_FAILURE, err)
  })
}

/** One write a list: its rank alone (usually the moved list's only). */
const writeMovedList: AppListenerEffect<typeof listMoved> = ({ payload }, api) => {
  for (const { id, rank } of payload.ranks) {
    api.extra.tasks.changeList(id, { rank }).catch((err: unknown) => {
      api.extra.logger.error(LIST_SAVE_FAILURE, err)
    })
  }
}

/** The signed-in person's lists, live, until the next sign-in change. */
const followLists: AppAnyActionEffect = async (action, api) => {
  api.cancelActiveListeners()
  // A sign-out stops it before the device's copy is cleared (the tasks' listeners): followed on,
  // the lists would be read into the new, empty copy, and stay on a shared computer.
  if (!authStateChanged.match(action) || !action.payload?.email) return
  let stop: () => void = () => undefined
  try {
    await api.pause(
      new Promise<never>((_resolve, reject) => {
        stop = api.extra.tasks.watchLists(({ lists }) => {
          api.dispatch(listsSnapshotReceived(lists))
        }, reject)
      }),
    )
  } catch (err) {
    if (!api.signal.aborted) api.extra.logger.warn('The lists could not be followed', err)
  } finally {
    stop()
  }
}

export function addListsListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: listCreated, effect: writeCreatedList })
  startAppListening({ actionCreator: listRenamed, effect: writeRenamedList })
  startAppListening({ actionCreator: listMoved, effect: writeMovedList })
  startAppListening({ matcher: isAnyOf(authStateChanged, userSignedOut), effect: followLists })
}
