import { createAction } from '@reduxjs/toolkit'

/** The page has mounted its store: effects that follow the outside world may begin. */
export const appStarted = createAction('app/appStarted')

/** The browser is back online, or the tab is visible again: a good moment to retry. */
export const connectivityRestored = createAction('app/connectivityRestored')
