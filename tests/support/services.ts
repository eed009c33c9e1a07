import { onTestFinished, vi } from 'vitest'
import { FAILURE_MESSAGES } from '../../src/features/tasks/messages'
import { createLastUserStore } from '../../src/services/lastUser'
import { consoleLogger } from '../../src/services/logger'
import { createOutbox } from '../../src/services/outbox/outbox'
import { createMemoryStore, type LocalStore } from '../../src/services/outbox/storage'
import { createBrowserSessionStore } from '../../src/services/session'
import type { TabChange, TabSync } from '../../src/services/tabSync'
import type { LoadedTask, Services, TaskRepository } from '../../src/services/types'
import { createFakeAuthService } from './fakeAuthService'
import { createRecordingRepository } from './recordingTaskRepository'

/**
 * Device storage for tests: in memory, but standing for IndexedDB, which survives a reload
 * (share it between two stores to play one). The app's own memory fallback says it does not.
 */
export function deviceStore(): LocalStore {
  return { ...createMemoryStore(), durable: true }
}

/** Tabs of one test: every sync created from the same hub hears the others. */
export function createTabHub() {
  const listeners = new Set<{ owner: object; listener: (change: TabChange) => void }>()
  return {
    tab(): TabSync {
      const owner = {}
      return {
        publish: (change) => {
          for (const entry of listeners)
            if (entry.owner !== owner) entry.listener(structuredClone(change))
        },
        subscribe: (listener) => {
          const entry = { owner, listener }
          listeners.add(entry)
          return () => listeners.delete(entry)
        },
      }
    },
  }
}

interface TestServiceOptions extends Partial<Services> {
  /** The device storage (memory by default; pass one to share it, as tabs or a reload do). */
  local?: LocalStore
  /** What the recording repository's server holds at the start. */
  stored?: LoadedTask[]
}

/**
 * Services for one test: the real session store, console logger and outbox (over memory
 * storage), a recording repository, a fake Auth client, and spies for the two effects a
 * browser would show. The outbox stops when the test ends.
 */
export function createTestServices(overrides: TestServiceOptions = {}) {
  const { local = deviceStore(), stored = [], ...rest } = overrides
  const recorder = createRecordingRepository(stored)
  const fakeAuth = createFakeAuthService()
  const alert = vi.fn<(message: string) => void>()
  const celebrate = vi.fn<() => void>()
  const loadRemote = vi.fn<() => void>()
  const tasks: TaskRepository = rest.tasks ?? recorder.repository
  const auth = rest.auth ?? fakeAuth.auth
  const outbox =
    rest.outbox ??
    createOutbox({
      store: local,
      repository: tasks,
      logger: consoleLogger,
      failureMessages: FAILURE_MESSAGES,
      refreshToken: () => auth.refreshToken(),
    })
  onTestFinished(() => {
    outbox.close()
  })
  const services: Services = {
    tasks,
    auth,
    outbox,
    listCache: {
      get: (email) => local.getList(email),
      put: (email, list) => local.putList(email, list),
      remove: (email) => local.removeList(email),
      ...createLastUserStore(),
    },
    tabSync: createTabHub().tab(),
    session: createBrowserSessionStore(),
    logger: consoleLogger,
    alert,
    celebrate,
    loadRemote,
    ...rest,
  }
  return { services, recorder, fakeAuth, alert, celebrate, loadRemote, local }
}

export type TestServices = ReturnType<typeof createTestServices>
