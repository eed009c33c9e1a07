import type { BrowserContext } from '@playwright/test'
import { EMULATOR_PROJECT_GLOBAL } from '../../../src/config/env'
import { FIRESTORE } from './network'

// One Firestore emulator serves every test worker (playwright.config.ts starts it), each worker
// in a project of its own: the emulator keeps projects apart, so workers side by side never see
// each other's tasks (isolation.spec.ts). The app's page takes the worker's project before its
// scripts run (src/config/env.ts, withEmulatorProject); the REST helpers (backend.ts) use it too.
//
// Google's emulator slows over a run as devices come and go: late in a long run, writes took a
// hundred times longer (docs/performance.md). The test worker used to restart it once six
// devices had left; a project nobody has used is as fast (measured, docs/testing.md), so the
// worker moves to a new project instead, and no other worker waits for a restart.

const FRESH_AFTER_DEVICES = 6

let worker = 0
let generation = 0
let devices = 0

/** The project this worker's tests use now. */
export const firestoreProject = () => `demo-todo-w${String(worker)}-${String(generation)}`

/** The emulator and this worker's project (or `project`), for scripts/firestore-rest.mjs. */
export const firestoreHere = (project = firestoreProject()) => ({ origin: FIRESTORE, project })

/** The documents of this worker's project, for Firestore's REST paths. */
export const documentsPath = () => `projects/${firestoreProject()}/databases/(default)/documents`

/** Starts this worker on its own project (at the start of a worker). */
export function startWorker(workerIndex: number): void {
  worker = workerIndex
  generation = 0
  devices = 0
}

/** A device (browser context) about to open the app: its pages use this worker's project. */
export async function deviceOpened(
  context: BrowserContext,
  project = firestoreProject(),
): Promise<void> {
  devices++
  await context.addInitScript(
    ([name, given]) => {
      Object.assign(globalThis, { [name]: given })
    },
    [EMULATOR_PROJECT_GLOBAL, project] as const,
  )
}

/**
 * Moves this worker to a new project when `atLeast` (1 or more) devices used this one, once
 * every test's are closed; the project it left, or null.
 */
export function freshProjectIfUsed(atLeast = FRESH_AFTER_DEVICES): string | null {
  if (devices < atLeast) return null
  const left = firestoreProject()
  generation++
  devices = 0
  return left
}
