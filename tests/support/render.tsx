import { render, type RenderOptions } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { Provider } from 'react-redux'
import { setupStore, type AppStore, type RootState } from '../../src/app/store'
import type { Services } from '../../src/services/types'
import { createTestServices } from './services'

interface ExtendedRenderOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>
  services?: Services
  store?: AppStore
}

/** Renders `ui` inside a fresh store wired to `services` (test fakes by default). */
export function renderWithProviders(ui: ReactElement, options: ExtendedRenderOptions = {}) {
  const { preloadedState, services = createTestServices().services, ...renderOptions } = options
  const store = options.store ?? setupStore(services, preloadedState)
  const user = userEvent.setup()
  return {
    store,
    user,
    services,
    ...render(<Provider store={store}>{ui}</Provider>, renderOptions),
  }
}
