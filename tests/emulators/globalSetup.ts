/**
 * Vitest global setup of the emulator suite: starts Google's Firestore emulator (the installed
 * jar, or firebase-tools, as scripts/engine.mjs finds them) with firestore.rules, and the Auth
 * emulator, on free ports, and tells the tests where they are. Without them the suite fails,
 * saying what to install: it has no stand-in.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { engineServices, findEngine, HOST, requestedBackend } from '../../scripts/engine.mjs'
import { startProcesses, startTimeoutMs } from '../../scripts/processes.mjs'

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0)
      })
    })
  })
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
    const engine = findEngine(requestedBackend([], process.env))
    const ports = {
      auth: await freePort(),
      firestore: await freePort(),
      hub: await freePort(),
      logging: await freePort(),
      websocket: await freePort(),
    }
    const started = Date.now()
    const emulators = await startProcesses(engineServices(engine, { ports, configDir: tmp }), {
      timeoutMs: startTimeoutMs([], process.env),
      logDir: 'test-results/logs/emulators',
      say: () => undefined,
    })
    console.log(
      `Emulators: ${engine.name} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
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
