import { render, type RenderOptions } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { Provider } from 'react-redux'
import { App } from '../../src/app/App'
import { setupStore, type AppStore } from '../../src/app/store'
import type { Task } from '../../src/services/types'
import { createTestServices, type TestServices } from './services'
import { signedInStore, startedStore } from './store'

interface AppRenderOptions extends Omit<RenderOptions, 'queries'> {
  /** The test's services (fresh fakes by default). */
  services?: TestServices
  /** A store already made on `services` (a new one by default). */
  store?: AppStore
}

/** Renders `ui` inside a real store on test services. */
export function renderWithProviders(ui: ReactElement, options: AppRenderOptions = {}) {
  const {
    services = createTestServices(),
    store = setupStore(services.services),
    ...renderOptions
  } = options
  const user = userEvent.setup()
  return {
    ...services,
    store,
    user,
    ...render(<Provider store={store}>{ui}</Provider>, renderOptions),
  }
}

/** Renders `ui` once ADA is signed in and her tasks on the server (`stored`) are loaded. */
export async function renderSignedIn(ui: ReactElement, stored: Task[] = []) {
  const { store, ...services } = await signedInStore(stored)
  return renderWithProviders(ui, { services, store })
}

/** The whole app, on a store started as main.tsx starts it, before Auth has answered. */
export function renderApp(services = createTestServices()) {
  const { store } = startedStore(services)
  return renderWithProviders(<App />, { services, store })
}
