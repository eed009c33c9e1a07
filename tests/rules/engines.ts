/**
 * Vitest global setup for the rules table: starts the official Firestore emulator (the
 * installed jar, or firebase-tools, as scripts/engine.mjs finds them) and backend/, each on a
 * free port with firestore.rules, and tells the tests where they are. Where the emulator
 * cannot run, the table runs against backend/ only, and says why plainly.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startFirestoreServer } from '../../backend/firestore/server'
import { engineServices, findEngine, HOST } from '../../scripts/engine.mjs'
import { type RunningServices, startProcesses, startTimeoutMs } from '../../scripts/processes.mjs'

export interface RulesEngine {
  name: string
  /** Where it answers; absent when it could not run. */
  port?: number
  /** Why it did not run. */
  skipped?: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    ruleEngines: RulesEngine[]
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tmp = mkdtempSync(join(tmpdir(), 'todo-rules-'))
  const engines: RulesEngine[] = []
  let emulator: RunningServices | undefined
  try {
    const engine = findEngine('emulator')
    const ports = {
      auth: await freePort(),
      firestore: await freePort(),
      hub: await freePort(),
      logging: await freePort(),
      websocket: await freePort(),
    }
    const specs = engineServices(engine, { ports, configDir: tmp, auth: false })
    const started = Date.now()
    emulator = await startProcesses(specs, {
      timeoutMs: startTimeoutMs([], process.env),
      logDir: 'test-results/logs/rules',
      say: () => undefined,
    })
    console.log(
      `Rules table: ${engine.name} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
    engines.push({ name: 'official emulator', port: ports.firestore })
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    console.warn(`Rules table: skipped: no Firestore emulator (${reason}); backend/ only.`)
    engines.push({ name: 'official emulator', skipped: `no Firestore emulator (${reason})` })
  }
  const backend = await startFirestoreServer({ host: HOST, port: 0 })
  engines.push({ name: 'backend/', port: backend.port })
  project.provide('ruleEngines', engines)

  return async () => {
    await backend.close()
    await emulator?.stop()
    rmSync(tmp, { recursive: true, force: true })
  }
}
