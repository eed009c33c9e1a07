import type { AppListenerEffect, AppStartListening } from '../../app/listenerMiddleware'
import { signOutFailed, signOutRequested, userSignedOut } from '../auth/authSlice'

// What a sign-out means for the tasks this device keeps and sends.

/**
 * Log Out: stop sending at once, so no write goes out without its owner's token (what is
 * pending waits on the device for their next sign-in), and forget the device's last user, so a
 * page closed mid-sign-out never shows their list early.
 */
const stopForSignOut: AppListenerEffect<typeof signOutRequested> = (_action, api) => {
  api.extra.outbox.setActiveUser(null)
  api.extra.listCache.setLastUser(null)
}

const resumeAfterFailedSignOut: AppListenerEffect<typeof signOutFailed> = (action, api) => {
  api.extra.outbox.setActiveUser(action.payload.email)
  api.extra.listCache.setLastUser(action.payload.email)
}

/** Signed out on purpose (a shared computer): their list leaves the device; pending writes stay. */
const forgetKeptList: AppListenerEffect<typeof userSignedOut> = async (action, api) => {
  try {
    await api.extra.listCache.remove(action.payload.email)
  } catch (err) {
    api.extra.logger.warn('The list kept on this device could not be removed', err)
  }
}

export function addSignOutListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: signOutRequested, effect: stopForSignOut })
  startAppListening({ actionCreator: signOutFailed, effect: resumeAfterFailedSignOut })
  startAppListening({ actionCreator: userSignedOut, effect: forgetKeptList })
}
