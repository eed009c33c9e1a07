// `npm start`: the app on Vite's dev server, with the Auth emulator and a Firestore engine
// (scripts/engine.mjs says which and why). Data is kept in .data/ (TODO_DATA_DIR) across
// restarts: checked before the emulators read it, saved while they run and on Ctrl-C
// (scripts/saving.mjs, scripts/data-saver.mjs).
// Flags (after `npm start --`): --fresh starts with no data (what was saved is set aside);
// --backend=firebase-tools|jar forces a route to the Firestore emulator; --timeout=<s> waits
// longer for a slow first start.
import { loadEnv } from 'vite'
import { readConfig } from '../src/config/env.ts'
import { checkLoaded, createSaver, saveIntervalMs } from './data-saver.mjs'
import { DEFAULT_PORTS, engineServices, findEngine, requestedBackend } from './engine.mjs'
import { startProcesses, startTimeoutMs } from './processes.mjs'
import { dataStores, prepareStore, show } from './saving.mjs'

const DATA = process.env.TODO_DATA_DIR || '.data'
const LOGS = `${DATA}/logs`
const fresh = process.argv.includes('--fresh')
let warned = false
const warn = (lines) => {
  if (lines.length === 0) return
  console.log(`\n${lines.map((line) => `  !! ${line}`).join('\n')}\n`)
  warned = true
}

let services
let saver
try {
  // The app's own reader (Vite's dev server runs in development mode): a configuration the app
  // would refuse stops here, before anything starts.
  const { firebase } = readConfig(loadEnv('development', process.cwd(), 'VITE_'))
  const specs = []
  let prepared = []
  const intervalMs = saveIntervalMs()
  if (firebase.emulators) {
    const engine = findEngine(requestedBackend())
    console.log(`Firestore: ${engine.name}\n  because ${engine.reason}`)
    prepared = dataStores(engine, DATA).map((store) => ({
      store,
      ...prepareStore(store, { fresh }),
    }))
    for (const { lines } of prepared) for (const line of lines) console.log(`  data: ${line}`)
    warn(prepared.flatMap(({ warnings }) => warnings))
    console.log(
      `  saved into ${show(DATA)}/ every ${String(intervalMs / 1000)} s while running, and on Ctrl-C`,
    )
    const importFrom = Object.fromEntries(prepared.map(({ store, from }) => [store.key, from]))
    specs.push(...engineServices(engine, { importFrom }))
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
  if (prepared.length > 0) {
    warn(await checkLoaded(prepared, DEFAULT_PORTS))
    saver = createSaver(prepared, { ports: DEFAULT_PORTS, intervalMs, say: console.log })
    saver.start()
  }
} catch (err) {
  console.error(`\n${err instanceof Error ? err.message : String(err)}`)
  await services?.stop()
  process.exit(1)
}
// The services' lines may have pushed the warnings up out of sight.
if (warned) console.log('\n  !! Read the lines marked !! above: they are about your saved data.')
console.log('\n  The app is running at http://127.0.0.1:5173/todo/\n  Press Ctrl-C to stop.\n')

let stopping = false
let stoppingSince = 0
const shutDown = async (code) => {
  if (stopping) {
    // One Ctrl-C reaches us twice within milliseconds (from the terminal, and passed on by
    // npm): only a second press, later, stops without saving.
    if (Date.now() - stoppingSince < 1000) return
    console.log('Stopping at once: changes since the last save are lost.')
    services.kill()
    process.exit(1)
  }
  stopping = true
  stoppingSince = Date.now()
  console.log('\nStopping (saving the data first; Ctrl-C again to stop at once)…')
  await saver?.finish()
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
