import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { useEffect } from 'react'
import type { RootState } from '../../../app/store'
import { useAppStore } from '../../../app/hooks'
import { dayOf } from './due'

// Today, the device's local day, and its time zone, in the store: rows say "Today", "Overdue"
// and a due's time by them, and the Today filter counts by them. Today turns at local midnight
// without a reload; a laptop carried to another zone shows its times there when it wakes.

export interface Clock {
  /** YYYY-MM-DD, here. */
  today: string
  /** The zone a due's time is read in, as the browser names it ("Europe/London"). */
  zone: string
}
const zoneNow = () => Intl.DateTimeFormat().resolvedOptions().timeZone

const daySlice = createSlice({
  name: 'day',
  initialState: (): Clock => ({ today: dayOf(new Date()), zone: zoneNow() }),
  reducers: {
    dayBegan: (state, { payload }: PayloadAction<string>) => {
      state.today = payload
    },
    zoneChanged: (_state, { payload }: PayloadAction<Clock>) => payload,
  },
})

export const { dayBegan, zoneChanged } = daySlice.actions
export const dayReducer = daySlice.reducer
export const selectToday = (state: RootState) => state.day.today
export const selectZone = (state: RootState) => state.day.zone
/** Both, for what shows a due: the same object while neither changes. */
export const selectClock = (state: RootState) => state.day

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
      const zone = zoneNow()
      const clock = selectClock(store.getState())
      if (clock.zone !== zone) store.dispatch(zoneChanged({ today, zone }))
      else if (clock.today !== today) store.dispatch(dayBegan(today))
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
