import { vi } from 'vitest'
import { consoleLogger } from '../../src/services/logger'
import { createBrowserSessionStore } from '../../src/services/session'
import type { Services } from '../../src/services/types'
import { createFakeAuthService } from './fakeAuthService'
import { createRecordingRepository } from './recordingTaskRepository'

/**
 * Services for one test: the real session store and console logger over jsdom, a
 * recording repository, a fake Auth client, and spies for the two effects a browser would show.
 */
export function createTestServices(overrides: Partial<Services> = {}) {
  const recorder = createRecordingRepository()
  const fakeAuth = createFakeAuthService()
  const alert = vi.fn<(message: string) => void>()
  const celebrate = vi.fn<() => void>()
  const services: Services = {
    tasks: recorder.repository,
    auth: fakeAuth.auth,
    session: createBrowserSessionStore(),
    logger: consoleLogger,
    alert,
    celebrate,
    ...overrides,
  }
  return { services, recorder, fakeAuth, alert, celebrate }
}

export type TestServices = ReturnType<typeof createTestServices>
