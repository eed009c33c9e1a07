import { createAction } from '@reduxjs/toolkit'

/** The page has mounted its store: effects that follow the outside world may begin. */
export const appStarted = createAction('app/appStarted')
