import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { Provider } from 'react-redux'
import type { Services } from '../services/types'
import { App } from './App'
import { setupStore } from './store'

/**
 * Rendering touches no service; should that change, the build says which one, instead of
 * prerendering a page that differs from the browser's first render.
 */
const noServices = new Proxy({} as Services, {
  get(_target, name) {
    throw new Error(`The prerender used the service ${String(name)}`)
  },
})

/**
 * The page as the browser's first render draws it (sign-in not yet known, no list), written
 * into index.html by the build (vite/plugins/prerender.ts) so it shows before the JavaScript
 * has loaded; main.tsx then hydrates it.
 */
export function prerenderApp(): string {
  return renderToString(
    <StrictMode>
      <Provider store={setupStore(noServices)}>
        <App />
      </Provider>
    </StrictMode>,
  )
}
