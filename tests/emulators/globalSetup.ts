/**
 * Vitest global setup of the emulator suite: starts Google's Firestore emulator with
 * firestore.rules, and the Auth emulator (scripts/emulators.ts), on free ports, and tells the
 * tests where they are. Without them the suite fails,
 * saying what to install: it has no stand-in.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { emulatorServices, freePort, HOST, startServices } from '../../scripts/emulators.ts'

export interface Emulators {
  host: string
  firestorePort: number
  authPort: number
}

declare module 'vitest' {
  export interface ProvidedContext {
    emulators: Emulators
  }
}

const failure = (error: unknown) =>
  new Error(
    `The emulator suite needs Google's Firestore and Auth emulators, which did not start:\n${
      error instanceof Error ? error.message : String(error)
    }`,
  )

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tmp = mkdtempSync(join(tmpdir(), 'todo-emulators-'))
  try {
    const ports = { auth: await freePort(), firestore: await freePort() }
    const started = Date.now()
    const emulators = await startServices(await emulatorServices({ ports, configDir: tmp }), {
      logDir: 'test-results/logs/emulators',
      say: () => undefined,
    })
    console.log(`Emulators ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    project.provide('emulators', {
      host: HOST,
      firestorePort: ports.firestore,
      authPort: ports.auth,
    })
    return async () => {
      await emulators.stop()
      rmSync(tmp, { recursive: true, force: true })
    }
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true })
    throw failure(error)
  }
}
