import { createAction } from '@reduxjs/toolkit'

/** The page has mounted its store: effects that follow the outside world may begin. */
export const appStarted = createAction('app/appStarted')

/** The browser is back online: a good moment to retry and to look for news. */
export const connectivityRestored = createAction('app/connectivityRestored')

/** The browser went offline. */
export const connectivityLost = createAction('app/connectivityLost')

/** The person left the page: the tab was hidden or the window lost focus. */
export const pageLeft = createAction('app/pageLeft')

/** The person is back: the tab is visible again or the window regained focus. */
export const pageReturned = createAction('app/pageReturned')

/** The optional periodic refresh is due (VITE_REFRESH_EVERY_MINUTES), the page being visible. */
export const refreshDue = createAction('app/refreshDue')
