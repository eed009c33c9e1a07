// `npm start`: the app on Vite's dev server, with the Auth emulator and a Firestore engine
// (scripts/engine.mjs says which and why). Data is kept in .data/ across restarts.
// Flags (after `npm start --`): --fresh starts with no data; --backend=firebase-tools|jar
// forces a route to the Firestore emulator; --timeout=<s> waits longer for a slow first start.
import { loadEnv } from 'vite'
import { readConfig } from '../src/config/env.ts'
import { engineServices, findEngine, requestedBackend } from './engine.mjs'
import { startProcesses, startTimeoutMs } from './processes.mjs'

const DATA = '.data'
const LOGS = '.data/logs'
const fresh = process.argv.includes('--fresh')

let services
try {
  // The app's own reader (Vite's dev server runs in development mode): a configuration the app
  // would refuse stops here, before anything starts.
  const { firebase } = readConfig(loadEnv('development', process.cwd(), 'VITE_'))
  const specs = []
  if (firebase.emulators) {
    const engine = findEngine(requestedBackend())
    console.log(`Firestore: ${engine.name}\n  because ${engine.reason}`)
    console.log(
      fresh
        ? `  starting with no data (what is in ${DATA}/ is replaced when you stop)`
        : `  data kept in ${DATA}/ (npm start -- --fresh starts empty)`,
    )
    specs.push(...engineServices(engine, { dataDir: DATA, fresh }))
  } else {
    console.log('Using the Firebase project in .env (no emulators).')
  }
  specs.push({
    name: 'App (Vite dev server)',
    command: 'node_modules/.bin/vite',
    args: ['--clearScreen', 'false', '--logLevel', 'warn'],
    readyUrls: ['http://127.0.0.1:5173/todo/'],
    ports: [5173],
  })
  const timeoutMs = startTimeoutMs()
  console.log(
    `Starting ${specs.map((spec) => spec.name).join(', ')} (logs in ${LOGS}/; waiting up to ${String(timeoutMs / 1000)} s)…`,
  )
  services = await startProcesses(specs, { timeoutMs, logDir: LOGS })
} catch (err) {
  console.error(`\n${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
}
console.log('\n  The app is running at http://127.0.0.1:5173/todo/\n  Press Ctrl-C to stop.\n')

let stopping = false
let stoppingSince = 0
const shutDown = async (code) => {
  if (stopping) {
    // One Ctrl-C reaches us twice within milliseconds (from the terminal, and passed on by
    // npm): only a second press, later, stops without saving.
    if (Date.now() - stoppingSince < 1000) return
    console.log('Stopping at once: data not yet saved is lost.')
    services.kill()
    process.exit(1)
  }
  stopping = true
  stoppingSince = Date.now()
  console.log('\nStopping (saving the data first; Ctrl-C again to stop at once)…')
  await services.stop()
  process.exit(code)
}
process.on('SIGINT', () => void shutDown(0))
process.on('SIGTERM', () => void shutDown(0))
void services.exited.then(() => shutDown(1))
// npm does not pass a SIGTERM on: when the process that started us is gone, stop all the same.
const parent = process.ppid
setInterval(() => {
  if (!stopping && process.ppid !== parent) void shutDown(0)
}, 1000).unref()
