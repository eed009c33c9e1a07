import type {
  ListenerEffect,
  ThunkDispatch,
  TypedStartListening,
  UnknownAction,
} from '@reduxjs/toolkit'
import type { Services } from '../services/types'
import type { RootState } from './store'

export type AppDispatch = ThunkDispatch<RootState, Services, UnknownAction>

/** `startListening` of a store's own listener middleware, typed for this app. */
export type AppStartListening = TypedStartListening<RootState, AppDispatch, Services>

/** A named listener effect for actions made by `ActionCreator`. */
export type AppListenerEffect<ActionCreator extends (...args: never[]) => UnknownAction> =
  ListenerEffect<ReturnType<ActionCreator>, RootState, AppDispatch, Services>

/** A named listener effect for any action (listeners started with a matcher). */
export type AppAnyActionEffect = ListenerEffect<UnknownAction, RootState, AppDispatch, Services>
