import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { Provider } from 'react-redux'
import type { Services } from '../services/appServices'
import { App } from './App'
import { setupStore } from './store'

// Should rendering touch a service, the build says which, rather than prerender a different page.
const noServices = new Proxy({} as Services, {
  get(_target, name) {
    throw new Error(`The prerender used the service ${String(name)}`)
  },
})

/** The browser's first render, written into index.html by vite/plugins/prerender.ts. */
export function prerenderApp(): string {
  return renderToString(
    <StrictMode>
      <Provider store={setupStore(noServices)}>
        <App />
      </Provider>
    </StrictMode>,
  )
}
