import './app/theme.css'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { appStarted, connectivityLost, connectivityRestored } from './app/hooks'
import { App } from './app/App'
import { guardLeaving } from './features/tasks/index'
import { setupStore } from './app/store'
import { readConfig } from './config/env'
import { viteEnv } from './config/viteEnv'
import { celebrate } from './services/browser/confetti'
import {
  createLastUserStore,
  consoleLogger,
  createBrowserSessionStore,
} from './services/browser/adapters'
import { createLegacyOutbox } from './services/browser/legacyOutbox'
import { createFirestoreTaskRepository } from './services/firebase/firestoreTaskRepository'
import { createLoadGate, loadFirebaseApp } from './services/firebase/lazyFirebaseApp'
import { createLazyFirebaseAuthService } from './services/firebase/lazyFirebaseAuth'

const { firebase: settings } = readConfig(viteEnv)
// Firebase (Auth, Firestore) loads once the first paint is on screen: nothing in it needs them.
const firebaseGate = createLoadGate()
const app = loadFirebaseApp(settings, firebaseGate.opened)

// Earlier versions kept here the e-mails of people who signed out with changes unsent.
try {
  localStorage.removeItem('todo.unsentOwners')
} catch {
  // Storage that cannot be used keeps nothing either.
}
const tasks = createFirestoreTaskRepository(app, settings, firebaseGate.opened)
guardLeaving(tasks)
const store = setupStore({
  tasks,
  auth: createLazyFirebaseAuthService(app, settings, consoleLogger, firebaseGate.opened),
  session: createBrowserSessionStore(),
  lastUser: createLastUserStore(),
  legacyOutbox: createLegacyOutbox(),
  logger: consoleLogger,
  alert: (message) => {
    window.alert(message)
  },
  celebrate,
})
// What the prerender drew: the state before anything has happened.
const initialState = store.getState()
store.dispatch(appStarted())
if (!navigator.onLine) store.dispatch(connectivityLost())
window.addEventListener('online', () => store.dispatch(connectivityRestored()))
window.addEventListener('offline', () => store.dispatch(connectivityLost()))

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

registerServiceWorker()

// The build puts the first render into index.html (src/app/prerender.tsx); the dev server does not.
const prerendered = root.hasChildNodes()
const page = (
  // Hydration draws from the state the prerender drew; what happened since is drawn after it.
  <StrictMode>
    <Provider store={store} serverState={prerendered ? initialState : undefined}>
      <App />
    </Provider>
  </StrictMode>
)
if (prerendered) hydrateRoot(root, page)
else createRoot(root).render(page)
firebaseGate.open()

/**
 * Registers the service worker (src/sw.ts, built into sw.js) once the page has loaded, so its
 * downloads never compete with the first render. Production builds only: the dev server has
 * no sw.js, and a worker kept from a build must not serve stale files to it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const base = import.meta.env.BASE_URL
  const register = () => {
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch((err: unknown) => {
      // Only offline use is lost; the app works as before.
      console.warn('The app could not be made available offline', err)
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
