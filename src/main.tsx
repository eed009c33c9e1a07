import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { App } from './app/App'
import { setupStore } from './app/store'
import './index.css'
import { celebrate } from './services/confetti'
import { consoleLogger } from './services/logger'
import { createMemoryTaskRepository } from './services/memoryTaskRepository'
import { createBrowserSessionStore } from './services/session'

const store = setupStore({
  tasks: createMemoryTaskRepository(),
  session: createBrowserSessionStore(),
  logger: consoleLogger,
  alert: (message) => {
    window.alert(message)
  },
  celebrate,
})

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
)
