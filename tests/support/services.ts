import { IDBFactory } from 'fake-indexeddb'
import { vi } from 'vitest'
import { createLegacyOutbox } from '../../src/services/browser/legacyOutbox'
import {
  createLastUserStore,
  consoleLogger,
  createBrowserSessionStore,
} from '../../src/services/browser/adapters'
import type { Task } from '../../src/services/types'
import type { Services } from '../../src/services/appServices'
import { createFakeAuthService } from './fakeAuthService'
import { createFakeTaskRepository } from './fakeTaskRepository'

/**
 * Services for one test: a fake task repository over a server the test controls (holding
 * `stored`), a fake Auth client, the real session, last-user and unsent-owners stores (jsdom's
 * storage), the real old outbox on an IndexedDB of the test's own (`oldDevice`), the console
 * logger, and spies for the alert and the confetti.
 */
export function createTestServices({ stored = [] }: { stored?: Task[] } = {}) {
  const fakeAuth = createFakeAuthService()
  const repository = createFakeTaskRepository(stored, fakeAuth.currentEmail)
  // A sign-in in the popup again is a new session: no deletion before it closes it.
  const reauthenticate = fakeAuth.auth.reauthenticate.bind(fakeAuth.auth)
  fakeAuth.auth.reauthenticate = async () => {
    await reauthenticate()
    repository.sessionRenewed(fakeAuth.currentEmail() ?? '')
  }
  const alert = vi.fn<(message: string) => void>()
  const celebrate = vi.fn<() => void>()
  const oldDevice = new IDBFactory()
  const services: Services = {
    tasks: repository.repository,
    auth: fakeAuth.auth,
    session: createBrowserSessionStore(),
    lastUser: createLastUserStore(),
    legacyOutbox: createLegacyOutbox(oldDevice),
    logger: consoleLogger,
    alert,
    celebrate,
  }
  return { services, repository, fakeAuth, alert, celebrate, oldDevice }
}

export type TestServices = ReturnType<typeof createTestServices>
