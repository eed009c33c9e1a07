// `npm run test:e2e` after the build: the browser tests in parts, each on emulators of its own.
//
// Google's Firestore emulator keeps what it knows of every query a device ever listened to, and
// each write then costs it more for each (docs/testing.md has the figures): over a whole run its
// writes slow down until tests at the end wait tens of seconds for them on a busy machine.
// Playwright starts the emulators for each part (playwright.config.ts's webServer) and stops
// them after it, so every part starts on a fresh one. Arguments go to Playwright; every part
// runs, and the exit code is the first failure's.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const PARTS = Number(process.env.E2E_PARTS ?? 5)
const args = process.argv.slice(2)
const playwright = fileURLToPath(import.meta.resolve('@playwright/test/cli'))
let failed = 0
for (let part = 1; part <= PARTS; part++) {
  console.log(`\nBrowser tests, part ${String(part)} of ${String(PARTS)}`)
  const run = spawnSync(
    process.execPath,
    [
      playwright,
      'test',
      ...(PARTS > 1 ? [`--shard=${String(part)}/${String(PARTS)}`] : []),
      ...args,
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, E2E_OUTPUT_DIR: `test-results/part-${String(part)}` },
    },
  )
  if (run.error) throw run.error
  if (run.status !== 0 && failed === 0) failed = run.status ?? 1
}
process.exit(failed)
