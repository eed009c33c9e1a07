import {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit'
import { authReducer } from '../features/auth/authSlice'
import { addAuthListeners } from '../features/auth/listeners'
import { addSyncListeners } from '../features/sync/listeners'
import { syncReducer } from '../features/sync/syncSlice'
import { addTasksListeners } from '../features/tasks/listeners'
import { tasksReducer } from '../features/tasks/tasksSlice'
import type { Services } from '../services/types'
import type { AppStartListening } from './listenerMiddleware'

export const rootReducer = combineSlices({
  auth: authReducer,
  tasks: tasksReducer,
  sync: syncReducer,
})

export type RootState = ReturnType<typeof rootReducer>

/**
 * A store with its own listener middleware, whose effects reach the outside world only
 * through `services`. Each call makes a new one, so tests never share listeners.
 */
export function setupStore(services: Services, preloadedState?: Partial<RootState>) {
  const listenerMiddleware = createListenerMiddleware({ extra: services })
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // Redux DevTools in development, and in a build made with VITE_REDUX_DEVTOOLS=true (the bench
    // measures through its hook); off in production, where it would copy the state each action.
    devTools: import.meta.env.DEV || import.meta.env.VITE_REDUX_DEVTOOLS === 'true',
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: services } }).prepend(
        listenerMiddleware.middleware,
      ),
  })
  const startAppListening = listenerMiddleware.startListening as AppStartListening
  addAuthListeners(startAppListening)
  addTasksListeners(startAppListening)
  addSyncListeners(startAppListening)
  return store
}

export type AppStore = ReturnType<typeof setupStore>
export type { AppDispatch } from './listenerMiddleware'
export type AppThunk<Result = void> = ThunkAction<Result, RootState, Services, UnknownAction>
