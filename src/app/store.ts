import {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  type StoreEnhancer,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit'
import { addAuthListeners, authReducer } from '../features/auth'
import { addFindListeners, findReducer } from '../features/find'
import {
  addSyncListeners,
  addTasksListeners,
  dayReducer,
  selectServerSeen,
  syncReducer,
  tasksReducer,
} from '../features/tasks'
import { undoReducer } from '../features/undo'
import { addListsListeners, listsReducer } from '../features/lists'
import type { Services } from '../services/appServices'
import { devToolsOptions } from './devTools'
import type { AppStartListening } from './hooks'

/**
 * Slices injected when their feature first loads (`slice.injectInto(rootReducer)`), each adding
 * itself here by declaration merging: the account's, on first use of Settings.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices({
  auth: authReducer,
  tasks: tasksReducer,
  day: dayReducer,
  sync: syncReducer,
  find: findReducer,
  undo: undoReducer,
  lists: listsReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>()

export type RootState = ReturnType<typeof rootReducer>

/** An enhancer that adds nothing (without `enhancer`, `Extension` is `object`: nothing). */
const unchanged: StoreEnhancer = (next) => next

/** What a test may add to the store. */
export interface StoreOptions<Extension extends object> {
  /**
   * An enhancer put where Redux DevTools' own sits (its instrumentation, under the middleware
   * as the extension's compose puts it), so a test can time-travel the real store.
   */
  enhancer?: StoreEnhancer<Extension>
}

/**
 * A store with its own listener middleware, whose effects reach the outside world only
 * through `services`. Each call makes a new one, so tests never share listeners.
 */
export function setupStore<Extension extends object = object>(
  services: Services,
  preloadedState?: Partial<RootState>,
  { enhancer }: StoreOptions<Extension> = {},
) {
  const listenerMiddleware = createListenerMiddleware({ extra: services })
  // Redux DevTools in development, and in a build made with VITE_REDUX_DEVTOOLS=true (the bench
  // measures through its hook); off in production, where it would copy the state each action.
  const devTools = import.meta.env.DEV || import.meta.env.VITE_REDUX_DEVTOOLS === 'true'
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    devTools: devTools && devToolsOptions,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: services } }).prepend(
        listenerMiddleware.middleware,
      ),
    // compose() applies the last first: `enhancer` wraps the bare store and the middleware wraps
    // it, as in the DevTools extension's own compose, so a replay never runs the listeners.
    enhancers: (getDefaultEnhancers) =>
      getDefaultEnhancers().concat(enhancer ?? (unchanged as StoreEnhancer<Extension>)),
  })
  const startAppListening = listenerMiddleware.startListening as AppStartListening
  addAuthListeners(startAppListening, { serverAnswering: selectServerSeen })
  addTasksListeners(startAppListening)
  addSyncListeners(startAppListening)
  addFindListeners(startAppListening)
  addListsListeners(startAppListening)
  return store
}

export type AppStore = ReturnType<typeof setupStore>
export type { AppDispatch } from './hooks'
export type AppThunk<Result = void> = ThunkAction<Result, RootState, Services, UnknownAction>
