// `npm start`: the app on Vite's dev server, with the Auth and Firestore emulators
// (scripts/emulators.ts). Their data is kept in .data/ (TODO_DATA_DIR) across restarts: saved
// every TODO_SAVE_INTERVAL seconds (30) while they run, and on Ctrl-C (scripts/saves.ts).
// `npm start -- --fresh` starts with no data (what was saved is set aside, not deleted).
import { join } from 'node:path'
import { loadEnv } from 'vite'
import { readConfig } from '../src/config/env.ts'
import { emulatorServices, type Running, type Service, startServices } from './emulators.ts'
import { checkLoaded, prepare, save, show, type Start } from './saves.ts'

const DATA = process.env.TODO_DATA_DIR ?? '.data'
const intervalMs = (Number(process.env.TODO_SAVE_INTERVAL) || 30) * 1000
const warned: string[] = []
const warn = (lines: string[]) => {
  if (lines.length > 0) console.log(`\n${lines.map((line) => `  !! ${line}`).join('\n')}\n`)
  warned.push(...lines)
}

let running: Running | undefined
let data: Start | undefined
try {
  // The app's own reader: a configuration the app would refuse stops here, before anything starts.
  const { firebase } = readConfig(loadEnv('development', process.cwd(), 'VITE_'))
  const services: Service[] = []
  if (firebase.emulators) {
    data = prepare(DATA, { fresh: process.argv.includes('--fresh') })
    for (const line of data.lines) console.log(`  data: ${line}`)
    warn(data.warnings)
    console.log(
      `  saved into ${show(DATA)}/ every ${String(intervalMs / 1000)} s while running, and on Ctrl-C`,
    )
    services.push(...(await emulatorServices({ seed: data.seed })))
  } else {
    console.log('Using the Firebase project in .env (no emulators).')
  }
  services.push({
    name: 'App (Vite dev server)',
    command: 'node_modules/.bin/vite',
    args: ['--clearScreen', 'false', '--logLevel', 'warn'],
    url: 'http://127.0.0.1:5173/todo/',
    port: 5173,
  })
  console.log(
    `Starting ${services.map(({ name }) => name).join(', ')} (logs in ${show(DATA)}/logs/)…`,
  )
  running = await startServices(services, { logDir: join(DATA, 'logs') })
  if (data) warn(await checkLoaded(data))
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`)
  await running?.stop()
  process.exit(1)
}
const services = running
// The services' lines may have pushed the warnings up out of sight.
if (warned.length > 0)
  console.log('\n  !! Read the lines marked !! above: they are about your saved data.')
console.log('\n  The app is running at http://127.0.0.1:5173/todo/\n  Press Ctrl-C to stop.\n')

let said = ''
let round = Promise.resolve()
let timer: NodeJS.Timeout | undefined
/** One save; said when what it holds changed, or when it failed for a new reason. */
const saveOnce = async (saving: Start, last: boolean) => {
  const begun = Date.now()
  let line: string
  try {
    line = await save(saving)
  } catch (error) {
    line = `could not save (the last save stays as it was): ${error instanceof Error ? error.message : String(error)}`
  }
  if (last || line !== said)
    console.log(`  ${line} (${((Date.now() - begun) / 1000).toFixed(1)} s)`)
  said = line
  return Date.now() - begun
}
let lastTook = 0
const tick = (saving: Start) => {
  round = saveOnce(saving, false).then((took) => {
    // However large the data, saving takes at most a twentieth of the emulators' time; the
    // shorter of the last two rounds, as the first after a start is slow (Java warming up).
    timer = setTimeout(tick, Math.max(intervalMs, Math.min(took, lastTook) * 20), saving)
    lastTook = took
  })
}
if (data) timer = setTimeout(tick, intervalMs, data)

let stoppingSince = 0
const shutDown = async (code: number) => {
  if (stoppingSince) {
    // One Ctrl-C reaches us twice within milliseconds (from the terminal, and passed on by npm):
    // only a second press, later, stops without saving.
    if (Date.now() - stoppingSince < 1000) return
    console.log('Stopping at once: changes since the last save are lost.')
    services.kill()
    process.exit(1)
  }
  stoppingSince = Date.now()
  console.log('\nStopping (saving the data first; Ctrl-C again to stop at once)…')
  clearTimeout(timer)
  await round
  clearTimeout(timer)
  if (data) await saveOnce(data, true)
  await services.stop()
  process.exit(code)
}
process.on('SIGINT', () => void shutDown(0))
process.on('SIGTERM', () => void shutDown(0))
void services.exited.then(() => shutDown(1))
// npm does not pass a SIGTERM on: when the process that started us is gone, stop all the same.
const parent = process.ppid
setInterval(() => {
  if (!stoppingSince && process.ppid !== parent) void shutDown(0)
}, 1000).unref()
