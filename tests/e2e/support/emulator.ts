import type { BrowserContext } from '@playwright/test'
import { EMULATOR_PROJECT_GLOBAL } from '../../../src/config/env'
import { FIRESTORE } from './network'

// One Firestore emulator serves every test worker (playwright.config.ts starts it), each test in
// a project of its own: the emulator keeps projects apart, so workers side by side never see
// each other's tasks (isolation.spec.ts). The app's page takes the test's project before its
// scripts run (src/config/env.ts, withEmulatorProject); the REST helpers (backend.ts) use it too.
//
// Google's emulator slows over a run as devices come and go: late in a long run, writes took a
// hundred times longer (docs/performance.md). The slowness stays with the project those devices
// used: after 8 to 24 closed devices, 300 writes took 44 to 73 ms each in their project and 8 to
// 18 ms in a new one on the same emulator (docs/testing.md). So where the test worker used to
// restart the emulator once six devices had left, each test now starts in a new project, and no
// worker waits for another's restart.

let worker = 0
let test = 0

/** The project the running test uses. */
export const firestoreProject = () => `demo-todo-w${String(worker)}-${String(test)}`

/** The emulator and this test's project (or `project`), for scripts/firestore-rest.mjs. */
export const firestoreHere = (project = firestoreProject()) => ({ origin: FIRESTORE, project })

/** The documents of this test's project, for Firestore's REST paths. */
export const documentsPath = () => `projects/${firestoreProject()}/databases/(default)/documents`

/** At the start of a worker: its projects are its own. */
export function startWorker(workerIndex: number): void {
  worker = workerIndex
  test = 0
}

/** At the start of a test: a project no device has used. */
export function startTest(): string {
  test++
  return firestoreProject()
}

/** A device (browser context) about to open the app: its pages use this test's project. */
export async function deviceOpened(
  context: BrowserContext,
  project = firestoreProject(),
): Promise<void> {
  await context.addInitScript(
    ([name, given]) => {
      Object.assign(globalThis, { [name]: given })
    },
    [EMULATOR_PROJECT_GLOBAL, project] as const,
  )
}
