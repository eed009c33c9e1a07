// `npm start`: the app on Vite's dev server, with the local emulators it needs.
// Flags: --fresh starts the local database empty.
import { existsSync } from 'node:fs'
import { loadEnv } from 'vite'
import { authEmulatorSpec, firestoreBackendSpec, startProcesses } from './processes.mjs'

const fresh = process.argv.includes('--fresh')
const AUTH_DATA = '.data/auth'

const env = loadEnv('development', process.cwd(), 'VITE_')
const configured = ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_PROJECT_ID'].some((name) => env[name])
const flag = env.VITE_USE_EMULATORS?.trim().toLowerCase()
const useEmulators = flag ? flag === 'true' || flag === '1' : !configured

const bin = (name) => `node_modules/.bin/${name}`
const specs = []
if (useEmulators) {
  specs.push(
    authEmulatorSpec({
      // The emulator keeps accounts in memory: export them on exit and import them at the
      // next start, so a restored session (and its e-mail) is still valid after a restart.
      args: [
        '--export-on-exit',
        AUTH_DATA,
        ...(!fresh && existsSync(AUTH_DATA) ? ['--import', AUTH_DATA] : []),
      ],
    }),
    // Its one line (where the data is) is worth showing.
    firestoreBackendSpec({ args: fresh ? ['--fresh'] : [], quiet: false }),
  )
}
specs.push({
  name: 'Vite',
  command: bin('vite'),
  args: ['--clearScreen', 'false', '--logLevel', 'warn'],
  readyUrl: 'http://127.0.0.1:5173/todo/',
})

console.log(
  useEmulators
    ? 'Starting the Auth emulator (127.0.0.1:9099), the local Firestore backend (127.0.0.1:8080' +
        (fresh ? ', starting empty' : ', data in .data/firestore.json') +
        ') and the app…'
    : 'Starting the app against the Firebase project in .env…',
)
let services
try {
  services = await startProcesses(specs)
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
}
console.log('\n  The app is running at http://127.0.0.1:5173/todo/\n  Press Ctrl-C to stop.\n')

let shuttingDown = false
const shutDown = async (code) => {
  if (shuttingDown) return
  shuttingDown = true
  console.log('\nStopping…')
  await services.stop()
  process.exit(code)
}
process.on('SIGINT', () => void shutDown(0))
process.on('SIGTERM', () => void shutDown(0))
services.exited.then(() => shutDown(1))
