import type { AppListenerEffect, AppStartListening } from '../../app/listenerMiddleware'
import { appStarted } from '../../app/actions'
import { refusalReason } from './refusal'
import {
  outboxReported,
  refusalShown,
  serverUnreachable,
  writeDelivered,
  writeRefused,
  writesSlowed,
} from './syncSlice'

/** A write this slow is worth a word ("Saving…"); faster ones go unmentioned. */
export const SLOW_WRITE_MS = 1000
/** How long "Not saved: …" stays, unless a write gets through first. */
export const REFUSAL_SHOWN_MS = 10_000

/** Turns what the outbox reports into the sync state. */
const followOutbox: AppListenerEffect<typeof appStarted> = (_action, api) => {
  api.unsubscribe()
  api.extra.outbox.subscribe((event) => {
    switch (event.type) {
      case 'status':
        api.dispatch(outboxReported({ pending: event.pending, durable: event.durable }))
        return
      case 'delivered':
        api.dispatch(writeDelivered())
        return
      case 'unreachable':
        api.dispatch(serverUnreachable())
        return
      case 'refused':
        api.dispatch(writeRefused({ reason: refusalReason(event.code) }))
        return
    }
  })
}

/** "Saving…" only once writes have waited a second: the usual write is done long before. */
const noticeSlowWrites: AppListenerEffect<typeof outboxReported> = async (action, api) => {
  if (action.payload.pending === 0) {
    api.cancelActiveListeners()
    return
  }
  // Timed from the first write waiting, not from each one after it.
  if (api.getOriginalState().sync.pending > 0) return
  await api.delay(SLOW_WRITE_MS)
  if (api.getState().sync.pending > 0) api.dispatch(writesSlowed())
}

const endRefusal: AppListenerEffect<typeof writeRefused> = async (_action, api) => {
  api.cancelActiveListeners()
  await api.delay(REFUSAL_SHOWN_MS)
  api.dispatch(refusalShown())
}

export function addSyncListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: appStarted, effect: followOutbox })
  startAppListening({ actionCreator: outboxReported, effect: noticeSlowWrites })
  startAppListening({ actionCreator: writeRefused, effect: endRefusal })
}
