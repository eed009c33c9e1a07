import { createAction } from '@reduxjs/toolkit'

/** The page has mounted its store: effects that follow the outside world may begin. */
export const appStarted = createAction('app/appStarted')

/** The browser went offline. */
export const connectivityLost = createAction('app/connectivityLost')

/** The browser is back online. */
export const connectivityRestored = createAction('app/connectivityRestored')
