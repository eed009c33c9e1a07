import type { FirebaseSettings } from '../../config/env'
import { importAgainAfterFailure, retryingLoad } from '../../lib/helpers'
import type { Persistence, TaskRepository } from '../types'
import { appOf, type AppSource } from './lazyFirebaseApp'
import { memoryWatch } from './memoryWatch'

/** How long IndexedDB may take to open before the device counts as unable to keep tasks. */
const PROBE_TIMEOUT_MS = 4000
/** Some private windows refuse IndexedDB, or never answer: the SDK would silently use memory. */
export function probeIndexedDb(
  // Missing altogether in some browsers' private windows, whatever the DOM's types say.
  indexedDb: IDBFactory | null = 'indexedDB' in globalThis ? globalThis.indexedDB : null,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<Persistence> {
  if (indexedDb === null) return Promise.resolve('memory')
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs, 'memory')
    const done = (result: Persistence) => {
      clearTimeout(timer)
      resolve(result)
    }
    try {
      const request = indexedDb.open('todo-probe')
      request.onsuccess = () => {
        request.result.close()
        indexedDb.deleteDatabase('todo-probe')
        done('device')
      }
      request.onerror = () => {
        done('memory')
      }
    } catch {
      done('memory')
    }
  })
}

/** The SDK's chunk is requested once `after` resolves; a failed download, on the next call. */
export function createFirestoreTaskRepository(
  app: AppSource,
  settings: FirebaseSettings,
  after: Promise<unknown> = Promise.resolve(),
): TaskRepository {
  const persistence = retryingLoad(() => after.then(() => probeIndexedDb()))
  const chunk = importAgainAfterFailure(() => import('./firestore'))
  let loaded: Omit<TaskRepository, 'persistence' | 'watchChangesInMemory'> | null = null
  // Writes asked for before the SDK has loaded: held by this page alone until handed to it.
  let waiting = 0
  const memory = memoryWatch(() => waiting > 0 || (loaded?.changesOnlyInMemory() ?? false))
  const store = retryingLoad(async () => {
    const [loadedApp, sdk, kept] = await Promise.all([appOf(app), after.then(chunk), persistence()])
    return (loaded = sdk.createTaskStore(loadedApp, settings, kept, memory.changed))
  })
  const handed = async (send: (tasks: NonNullable<typeof loaded>) => Promise<void>) => {
    waiting++
    memory.changed()
    let sending: Promise<void>
    try {
      sending = send(await store())
    } finally {
      // Counted until the SDK's own count has it (firestore.ts), never neither.
      waiting--
      memory.changed()
    }
    return sending
  }
  // Follows once the SDK has loaded; the stop returned works before that too.
  const follow = (
    start: (tasks: NonNullable<typeof loaded>) => () => void,
    onError: (err: unknown) => void,
  ) => {
    let stop: (() => void) | undefined
    let stopped = false
    store()
      .then((tasks) => {
        if (!stopped) stop = start(tasks)
      })
      .catch(onError)
    return () => {
      stopped = true
      stop?.()
    }
  }
  return {
    watch: (email, onSnapshot, onError) =>
      follow((tasks) => tasks.watch(email, onSnapshot, onError), onError),
    watchStanding: (onChange, onError) =>
      follow((tasks) => tasks.watchStanding(onChange, onError), onError),
    watchLists: (onLists, onError) =>
      follow((tasks) => tasks.watchLists(onLists, onError), onError),
    reconnect: async () => (await store()).reconnect(),
    add: (task) => handed((sdk) => sdk.add(task)),
    update: (id, changes) => handed((sdk) => sdk.update(id, changes)),
    delete: (id) => handed((sdk) => sdk.delete(id)),
    addMany: (tasks) => handed((sdk) => sdk.addMany(tasks)),
    deleteMany: (ids) => handed((sdk) => sdk.deleteMany(ids)),
    addList: (list) => handed((sdk) => sdk.addList(list)),
    changeList: (id, changes) => handed((sdk) => sdk.changeList(id, changes)),
    deleteList: (id) => handed((sdk) => sdk.deleteList(id)),
    idsOnServer: async (email, atMost) => (await store()).idsOnServer(email, atMost),
    countOnServer: async (email) => (await store()).countOnServer(email),
    beginDeletion: async () => (await store()).beginDeletion(),
    deleteTasksOfAccount: async (ids, last) => (await store()).deleteTasksOfAccount(ids, last),
    stopDeletion: async () => (await store()).stopDeletion(),
    standing: async () => (await store()).standing(),
    changesOnlyInMemory: memory.now,
    watchChangesInMemory: memory.watch,
    allSaved: async (withinMs) => (await store()).allSaved(withinMs),
    clearDevice: async (options) => (await store()).clearDevice(options),
    persistence,
  }
}
