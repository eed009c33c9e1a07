import { initializeApp, type FirebaseApp } from 'firebase/app'
import type { FirebaseSettings } from './config'

export function initFirebaseApp(settings: FirebaseSettings): FirebaseApp {
  return initializeApp({
    apiKey: settings.apiKey,
    authDomain: settings.authDomain,
    projectId: settings.projectId,
    ...(settings.appId ? { appId: settings.appId } : {}),
  })
}
