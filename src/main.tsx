import './app/theme.css'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { appStarted, connectivityLost, connectivityRestored } from './app/hooks'
import { App } from './app/App'
import { guardLeaving } from './features/tasks'
import { setupStore } from './app/store'
import { EMULATOR_PROJECT_GLOBAL, readConfig, withEmulatorProject } from './config/env'
import { viteEnv } from './config/viteEnv'
import { celebrate } from './services/browser/confetti'
import {
  createLastUserStore,
  consoleLogger,
  createBrowserSessionStore,
} from './services/browser/adapters'
import { createFirestoreTaskRepository } from './services/firebase/firestoreTaskRepository'
import { createLoadGate, loadFirebaseApp } from './services/firebase/lazyFirebaseApp'
import { createLazyFirebaseAuthService } from './services/firebase/lazyFirebaseAuth'

const settings = withEmulatorProject(
  readConfig(viteEnv).firebase,
  Reflect.get(globalThis, EMULATOR_PROJECT_GLOBAL),
)
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
  // Read once at sign-in, on browsers that ran the app's first versions: not in the first render.
  legacyOutbox: {
    take: async (email) =>
      (await import('./services/browser/legacyOutbox')).createLegacyOutbox().take(email),
  },
  logger: consoleLogger,
  alert: (message) => {
    window.alert(message)
  },
  celebrate,
})
const initialState = store.getState()
store.dispatch(appStarted())
if (!navigator.onLine) store.dispatch(connectivityLost())
window.addEventListener('online', () => store.dispatch(connectivityRestored()))
window.addEventListener('offline', () => store.dispatch(connectivityLost()))
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
registerServiceWorker()
// Prerendered by the build (app/prerender.tsx) from the state before `appStarted`.
const prerendered = root.hasChildNodes()
const page = (
  <StrictMode>
    <Provider store={store} serverState={prerendered ? initialState : undefined}>
      <App />
    </Provider>
  </StrictMode>
)
if (prerendered) hydrateRoot(root, page)
else createRoot(root).render(page)
firebaseGate.open()
/** Once the page has loaded, in production only: a kept worker must not serve the dev server. */
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
