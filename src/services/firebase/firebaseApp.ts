import { initializeApp, type FirebaseApp } from 'firebase/app'
import type { FirebaseSettings } from '../../config/env'

/** The Firebase app; `name` lets tests run several side by side. */
export function initFirebaseApp(settings: FirebaseSettings, name?: string): FirebaseApp {
  return initializeApp(
    {
      apiKey: settings.apiKey,
      authDomain: settings.authDomain,
      projectId: settings.projectId,
      ...(settings.appId ? { appId: settings.appId } : {}),
    },
    name,
  )
}
