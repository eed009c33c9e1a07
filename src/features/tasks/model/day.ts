import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { useEffect } from 'react'
import type { RootState } from '../../../app/store'
import { useAppStore } from '../../../app/hooks'
import { dayOf } from './due'

// Today, the device's local day, in the store: rows say "Today" and "Overdue" by it and the
// Today filter counts by it. It turns at local midnight without a reload.

const daySlice = createSlice({
  name: 'day',
  initialState: () => dayOf(new Date()),
  reducers: {
    dayBegan: (_state, { payload }: PayloadAction<string>) => payload,
  },
})

export const { dayBegan } = daySlice.actions
export const dayReducer = daySlice.reducer
export const selectToday = (state: RootState) => state.day

/**
 * Follows the clock: a timer at the next local midnight, and a look at it whenever the page
 * comes back (a laptop that slept across midnight fires its timer late, or after `focus`), and
 * once a minute, for a zone or clock changed under the page.
 */
export function useDayTurning() {
  const store = useAppStore()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const look = () => {
      const now = new Date()
      const today = dayOf(now)
      if (selectToday(store.getState()) !== today) store.dispatch(dayBegan(today))
      const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
      clearTimeout(timer)
      timer = setTimeout(look, midnight.getTime() - now.getTime() + 50)
    }
    look()
    const minute = setInterval(look, 60_000)
    const events = ['focus', 'visibilitychange', 'pageshow', 'online'] as const
    for (const event of events) window.addEventListener(event, look)
    return () => {
      clearTimeout(timer)
      clearInterval(minute)
      for (const event of events) window.removeEventListener(event, look)
    }
  }, [store])
}
