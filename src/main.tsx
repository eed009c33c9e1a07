import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { appStarted } from './app/actions'
import { App } from './app/App'
import { setupStore } from './app/store'
import './index.css'
import { readFirebaseSettings } from './services/config'
import { celebrate } from './services/confetti'
import { initFirebaseApp } from './services/firebaseApp'
import { createFirebaseAuthService, initFirebaseAuth } from './services/firebaseAuth'
import { createFirestoreTaskRepository } from './services/firestoreTaskRepository'
import { consoleLogger } from './services/logger'
import { createBrowserSessionStore } from './services/session'

const settings = readFirebaseSettings(import.meta.env)
const app = initFirebaseApp(settings)

const store = setupStore({
  tasks: createFirestoreTaskRepository(app, settings, consoleLogger),
  auth: createFirebaseAuthService(initFirebaseAuth(app, settings)),
  session: createBrowserSessionStore(),
  logger: consoleLogger,
  alert: (message) => {
    window.alert(message)
  },
  celebrate,
})
store.dispatch(appStarted())

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
)
