import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { appStarted, connectivityRestored } from './app/actions'
import { App } from './app/App'
import { setupStore } from './app/store'
import { registerServiceWorker } from './app/serviceWorker'
import './index.css'
import { readFirebaseSettings } from './services/config'
import { celebrate } from './services/confetti'
import { createFirestoreTaskRepository } from './services/firestoreTaskRepository'
import { createLoadGate, loadFirebaseApp } from './services/lazyFirebaseApp'
import { createLastUserStore } from './services/lastUser'
import { createLazyFirebaseAuthService } from './services/lazyFirebaseAuth'
import { consoleLogger } from './services/logger'
import { lazyStore } from './services/outbox/lazyStore'
import { createOutbox, webLocksSendLock } from './services/outbox/outbox'
import { openLocalStore } from './services/outbox/storage'
import { createBrowserSessionStore } from './services/session'
import { createBroadcastTabSync } from './services/tabSync'

const settings = readFirebaseSettings(import.meta.env)
const firebaseGate = createLoadGate()
const app = loadFirebaseApp(settings, firebaseGate.opened)
const logger = consoleLogger
const tasks = createFirestoreTaskRepository(app, settings, logger, firebaseGate.opened)
const auth = createLazyFirebaseAuthService(app, settings, logger, firebaseGate.opened)
const local = lazyStore(
  openLocalStore((message, err) => {
    logger.warn(message, err)
  }),
)

const store = setupStore({
  tasks,
  auth,
  outbox: createOutbox({
    store: local,
    repository: tasks,
    logger,
    refreshToken: () => auth.refreshToken(),
    withSendLock: webLocksSendLock('todo-outbox'),
  }),
  listCache: {
    get: (email) => local.getList(email),
    put: (email, list) => local.putList(email, list),
    ...createLastUserStore(),
  },
  tabSync: createBroadcastTabSync(),
  session: createBrowserSessionStore(),
  logger,
  alert: (message) => {
    window.alert(message)
  },
  celebrate,
  loadRemote: firebaseGate.open,
})
// What the prerender drew: the state before anything has happened.
const initialState = store.getState()
store.dispatch(appStarted())

// Moments worth retrying at once what is waiting for the network.
window.addEventListener('online', () => {
  store.dispatch(connectivityRestored())
})
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') store.dispatch(connectivityRestored())
})

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

registerServiceWorker()

// The build puts the first render into index.html (src/app/prerender.tsx); the dev server does not.
const prerendered = root.hasChildNodes()
const page = (
  // Hydration draws from the state the prerender drew; what happened since (the kept list may
  // arrive from IndexedDB while React hydrates) is drawn after it.
  <StrictMode>
    <Provider store={store} serverState={prerendered ? initialState : undefined}>
      <App />
    </Provider>
  </StrictMode>
)
if (prerendered) hydrateRoot(root, page)
else createRoot(root).render(page)
