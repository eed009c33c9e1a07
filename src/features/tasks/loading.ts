import {
  appStarted,
  connectivityRestored,
  pageLeft,
  pageReturned,
  refreshDue,
} from '../../app/actions'
import type { AppListenerEffect, AppStartListening } from '../../app/listenerMiddleware'
import { backoffDelay } from '../../lib/backoff'
import type { LoadedTask } from '../../services/types'
import { authStateChanged } from '../auth/authSlice'
import { writeRefused } from '../sync/syncSlice'
import { applyPending } from './merge'
import { LOAD_FAILURE_MESSAGE } from './messages'
import { serverList, type AnyListenerApi } from './serverList'
import type { TasksState } from './tasksState'
import {
  tasksCleared,
  tasksLoaded,
  tasksLoadFailed,
  tasksLoadStarted,
  tasksRefreshed,
  tasksRestored,
  tasksSyncedFromOtherTab,
} from './tasksSlice'

/** A refresh at most this often: a query reads (and real Firestore bills) every task. */
export const MIN_REFRESH_INTERVAL_MS = 10_000
/** Back after less than this (a glance at another tab): the list is still fresh enough. */
export const MIN_AWAY_MS = 30_000

/**
 * Shows the list kept on this device for `email`, with the changes not yet in it. A device
 * storage that cannot be read only means no list until the server answers.
 */
async function restoreKeptList(api: AnyListenerApi, email: string) {
  const { outbox, listCache, logger } = api.extra
  try {
    // The changes before the list: a list kept in between (by another tab) shows the changes
    // it took out of the outbox; read the other way round, an older list could miss them.
    const changes = await api.pause(outbox.changes(email))
    const kept = await api.pause(listCache.get(email))
    if (kept) api.dispatch(tasksRestored({ email, tasks: applyPending(kept, changes) }))
  } catch (err) {
    if (api.signal.aborted) throw err
    logger.warn('The list kept on this device could not be read', err)
  }
}

/**
 * The effects that load the list, one set per store: they share when the list was last loaded
 * and when the person left the page.
 */
function loadingEffects() {
  let lastLoadedAt = -Infinity
  let leftAt: number | null = null
  let refreshing = false
  /** The last answer shown, and the tasks state it made. */
  let lastShown: { answer: LoadedTask[]; state: TasksState } | null = null

  /**
   * Before Firebase Auth loads and checks the session, shows the list kept for whoever was
   * signed in on this device and has not signed out: it is on the device already, and Auth
   * almost always confirms them. If Auth reports someone else or no one, the list goes.
   * Firebase loads once that list is drawn (at once when there is none to show).
   */
  const showLastUsersList: AppListenerEffect<typeof appStarted> = async (_action, api) => {
    api.unsubscribe()
    const { listCache, loadRemote } = api.extra
    const email = listCache.lastUser()
    try {
      if (!email) return
      api.dispatch(tasksLoadStarted({ email }))
      await restoreKeptList(api, email)
    } finally {
      loadRemote()
    }
  }

  /** Changes made in the other tabs of this browser. */
  const followOtherTabs: AppListenerEffect<typeof appStarted> = (_action, api) => {
    api.unsubscribe()
    api.extra.tabSync.subscribe((change) => {
      api.dispatch(tasksSyncedFromOtherTab(change))
    })
  }

  /**
   * Signed in: send that user's pending writes, show the list kept on this device at once,
   * then the server's list with the pending writes applied over it, retrying with backoff
   * while the server cannot be reached. Signed out: stop sending (pending writes stay for
   * their owner) and clear the list.
   */
  const loadOrClearTasks: AppListenerEffect<typeof authStateChanged> = async (action, api) => {
    // A newer report supersedes a load still under way.
    api.cancelActiveListeners()
    const { outbox, listCache, logger } = api.extra
    const email = action.payload?.email
    if (!email) {
      outbox.setActiveUser(null)
      listCache.setLastUser(null)
      api.dispatch(tasksCleared())
      return
    }
    listCache.setLastUser(email)
    outbox.setActiveUser(email)
    // Shown already (before Auth answered) and changed since, maybe: not restored over again.
    const { owner, ids } = api.getState().tasks
    const shown = owner === email && ids.length > 0
    api.dispatch(tasksLoadStarted({ email }))
    if (!shown) await restoreKeptList(api, email)

    for (let attempt = 1; ; attempt++) {
      try {
        const { tasks, answer } = await serverList(api, email)
        lastLoadedAt = Date.now()
        api.dispatch(tasksLoaded({ email, tasks }))
        lastShown = { answer, state: api.getState().tasks }
        return
      } catch (err) {
        if (api.signal.aborted) return
        logger.error(LOAD_FAILURE_MESSAGE, err)
        api.dispatch(tasksLoadFailed({ email }))
        // Try again after the backoff, or as soon as the connection is back.
        await Promise.race([api.delay(backoffDelay(attempt)), api.take(connectivityRestored.match)])
      }
    }
  }

  const noteLeaving: AppListenerEffect<typeof pageLeft> = () => {
    leftAt ??= Date.now()
  }

  /**
   * The list again from the server, when the person comes back to the page (after being away
   * long enough for another device to have changed something), when the browser is back
   * online, when the optional periodic refresh is due, and after the server refused a write
   * (the row returns to the server's version).
   * Never while a load runs, and at most every 10 s: each one reads every task.
   */
  const refreshTasks: AppListenerEffect<
    typeof pageReturned | typeof connectivityRestored | typeof refreshDue | typeof writeRefused
  > = async (action, api) => {
    const awayFor = leftAt === null ? 0 : Date.now() - leftAt
    leftAt = null
    const { owner, status } = api.getState().tasks
    if (owner === null || status !== 'loaded' || refreshing) return
    if (!writeRefused.match(action)) {
      if (Date.now() - lastLoadedAt < MIN_REFRESH_INTERVAL_MS) return
      if (pageReturned.match(action) && awayFor < MIN_AWAY_MS) return
    }
    refreshing = true
    try {
      const { tasks, answer, quiet } = await serverList(api, owner)
      lastLoadedAt = Date.now()
      // The answer shown last (the repository keeps it when nothing changed), nothing pending,
      // and nothing changed here since: the list shown is that answer already.
      const shown = api.getState().tasks
      if (!quiet || answer !== lastShown?.answer || shown !== lastShown.state) {
        api.dispatch(tasksRefreshed({ email: owner, tasks }))
      }
      lastShown = { answer, state: api.getState().tasks }
      // For `npm run bench` (what a refresh costs): the list is up to date from here.
      performance.mark('todo:list-refreshed')
    } catch (err) {
      // The list shown stays; the next return or reconnection tries again.
      api.extra.logger.warn('The list could not be refreshed', err)
    } finally {
      refreshing = false
    }
  }

  return { showLastUsersList, followOtherTabs, loadOrClearTasks, noteLeaving, refreshTasks }
}

export function addTaskLoadingListeners(startAppListening: AppStartListening): void {
  const effects = loadingEffects()
  startAppListening({ actionCreator: appStarted, effect: effects.showLastUsersList })
  startAppListening({ actionCreator: appStarted, effect: effects.followOtherTabs })
  startAppListening({ actionCreator: authStateChanged, effect: effects.loadOrClearTasks })
  startAppListening({ actionCreator: pageLeft, effect: effects.noteLeaving })
  for (const actionCreator of [pageReturned, connectivityRestored, refreshDue, writeRefused]) {
    startAppListening({ actionCreator, effect: effects.refreshTasks })
  }
}
