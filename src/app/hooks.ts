import { useDispatch, useSelector, useStore } from 'react-redux'
import type { AppStore, RootState } from './store'
import { createAction } from '@reduxjs/toolkit'
import type {
  ListenerEffect,
  ThunkDispatch,
  TypedStartListening,
  UnknownAction,
} from '@reduxjs/toolkit'
import type { Services } from '../services/appServices'

export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()
export const useAppStore = useStore.withTypes<AppStore>()

/** The page has mounted its store: effects that follow the outside world may begin. */
export const appStarted = createAction('app/appStarted')

/** The browser went offline. */
export const connectivityLost = createAction('app/connectivityLost')

/** The browser is back online. */
export const connectivityRestored = createAction('app/connectivityRestored')

export type AppDispatch = ThunkDispatch<RootState, Services, UnknownAction>

/** `startListening` of a store's own listener middleware, typed for this app. */
export type AppStartListening = TypedStartListening<RootState, AppDispatch, Services>

/** A named listener effect for actions made by `ActionCreator`. */
export type AppListenerEffect<ActionCreator extends (...args: never[]) => UnknownAction> =
  ListenerEffect<ReturnType<ActionCreator>, RootState, AppDispatch, Services>

/** A named listener effect for any action (listeners started with a matcher). */
export type AppAnyActionEffect = ListenerEffect<UnknownAction, RootState, AppDispatch, Services>
