// The services the browser tests run against: the Auth emulator, the local Firestore backend
// (in memory: every run starts empty) and the production build
// under /todo/ (`vite preview`). Playwright starts this and stops it with SIGTERM.
import { servedBuildSpecs, startProcesses } from './processes.mjs'

let services
try {
  services = await startProcesses(servedBuildSpecs())
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  console.error('Is `npm start` or another test run using ports 9099, 8080 or 4173?')
  process.exit(1)
}
console.log('e2e services ready')

const shutDown = async (code) => {
  await services.stop()
  process.exit(code)
}
process.on('SIGINT', () => void shutDown(0))
process.on('SIGTERM', () => void shutDown(0))
services.exited.then(() => shutDown(1))
