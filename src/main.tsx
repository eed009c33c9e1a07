import './app/theme.css'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { appStarted, connectivityLost, connectivityRestored } from './app/actions'
import { App } from './app/App'
import { guardLeaving } from './features/tasks'
import { registerServiceWorker } from './app/serviceWorker'
import { setupStore } from './app/store'
import { readConfig } from './config/env'
import { viteEnv } from './config/viteEnv'
import { celebrate } from './services/browser/confetti'
import { createLastUserStore } from './services/browser/lastUser'
import { createLegacyOutbox } from './services/browser/legacyOutbox'
import { consoleLogger } from './services/browser/logger'
import { createBrowserSessionStore } from './services/browser/session'
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
