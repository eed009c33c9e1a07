import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import {
  appStarted,
  connectivityLost,
  connectivityRestored,
  pageLeft,
  pageReturned,
  refreshDue,
} from './app/actions'
import { App } from './app/App'
import { setupStore } from './app/store'
import { registerServiceWorker } from './app/serviceWorker'
import { FAILURE_MESSAGES } from './features/tasks/messages'
import './index.css'
import { readConfig } from './config/env'
import { celebrate } from './services/browser/confetti'
import { createFirestoreTaskRepository } from './services/firebase/firestoreTaskRepository'
import { createLoadGate, loadFirebaseApp } from './services/firebase/lazyFirebaseApp'
import { workerTaskQuery } from './services/firebase/taskLoads'
import { createLastUserStore } from './services/browser/lastUser'
import { createLazyFirebaseAuthService } from './services/firebase/lazyFirebaseAuth'
import { consoleLogger } from './services/browser/logger'
import { lazyStore } from './services/outbox/lazyStore'
import { createOutbox } from './services/outbox/outbox'
import { webLocksSendLock } from './services/outbox/sendLock'
import { createResilientStore } from './services/outbox/resilientStore'
import { openLocalStore } from './services/outbox/storage'
import { createBrowserSessionStore } from './services/browser/session'
import { createBroadcastTabSync } from './services/browser/tabSync'

const { firebase: settings, refreshEveryMs: refreshEvery } = readConfig(import.meta.env)
const firebaseGate = createLoadGate()
const app = loadFirebaseApp(settings, firebaseGate.opened)
const logger = consoleLogger
const auth = createLazyFirebaseAuthService(app, settings, logger, firebaseGate.opened)
const tasks = createFirestoreTaskRepository(app, settings, logger, {
  query: workerTaskQuery(),
  idToken: () => auth.idToken(),
  after: firebaseGate.opened,
})
const warn = (message: string, err?: unknown) => {
  logger.warn(message, err)
}
const local = createResilientStore(lazyStore(openLocalStore(warn)), { warn })
const outbox = createOutbox({
  store: local,
  repository: tasks,
  logger,
  failureMessages: FAILURE_MESSAGES,
  refreshToken: () => auth.refreshToken(),
  withSendLock: webLocksSendLock('todo-outbox'),
})

const store = setupStore({
  tasks,
  auth,
  outbox,
  listCache: {
    get: (email) => local.getList(email),
    put: (email, list) => local.putList(email, list),
    remove: (email) => local.removeList(email),
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

// Coming and going: moments to send what waits, and to look for changes made elsewhere.
window.addEventListener('online', () => store.dispatch(connectivityRestored()))
window.addEventListener('offline', () => store.dispatch(connectivityLost()))
document.addEventListener('visibilitychange', () => {
  store.dispatch(document.visibilityState === 'visible' ? pageReturned() : pageLeft())
})
window.addEventListener('focus', () => store.dispatch(pageReturned()))
window.addEventListener('blur', () => store.dispatch(pageLeft()))
if (refreshEvery !== null) {
  setInterval(() => {
    if (document.visibilityState === 'visible') store.dispatch(refreshDue())
  }, refreshEvery)
}
// A click is safe once the outbox has recorded it on the device, milliseconds later: leaving
// within those milliseconds asks first.
window.addEventListener('beforeunload', (event) => {
  if (outbox.unrecorded() > 0) event.preventDefault()
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
