import { render, type RenderOptions } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { Provider } from 'react-redux'
import { appStarted } from '../../src/app/actions'
import { setupStore, type AppStore } from '../../src/app/store'
import type { LoadedTask } from '../../src/services/types'
import { createTestServices, type TestServices } from './services'
import { EMAIL, showList } from './store'

interface AppRenderOptions extends Omit<RenderOptions, 'queries'> {
  /** The services (test fakes by default), with the store built on them if a test made one. */
  services?: TestServices & { store?: AppStore }
  /** The list shown, as if just loaded from the server for `signedInAs` (else EMAIL). */
  tasks?: LoadedTask[]
  /** Who is signed in: the e-mail the session holds, as after a sign-in. */
  signedInAs?: string
  /** Whether the app has started (appStarted dispatched, as main.tsx does). */
  started?: boolean
}

/**
 * Renders `ui` inside a real store wired to `services`. Our options are never handed on to
 * Testing Library's `render`.
 */
export function renderWithProviders(ui: ReactElement, options: AppRenderOptions = {}) {
  const { services, tasks, signedInAs, started = false, ...renderOptions } = options
  const testServices: TestServices & { store?: AppStore } =
    services ?? createTestServices({ stored: tasks ?? [] })
  const store = testServices.store ?? setupStore(testServices.services)
  if (started) store.dispatch(appStarted())
  if (signedInAs !== undefined) testServices.services.session.setUserEmail(signedInAs)
  if (tasks !== undefined) showList(store, testServices, tasks, signedInAs ?? EMAIL)
  const user = userEvent.setup()
  return {
    ...testServices,
    store,
    user,
    ...render(<Provider store={store}>{ui}</Provider>, renderOptions),
  }
}
