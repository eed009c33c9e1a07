import { existsSync } from 'node:fs'
import { chromium, defineConfig } from '@playwright/test'

/**
 * Playwright cannot download its browsers here. Use, in this order: CHROMIUM_PATH,
 * Playwright's own Chromium if installed, Debian's /usr/bin/chromium.
 */
function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`)
    return fromEnv
  }
  if (existsSync(chromium.executablePath())) return undefined
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  throw new Error(
    'No Chromium for the browser tests. Install one (Debian: apt-get install -y chromium) ' +
      'or set CHROMIUM_PATH to a Chromium binary.',
  )
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  // Generous for a loaded 2-core machine; a passing run waits no longer than it must.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: 'http://127.0.0.1:4173/todo/',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/e2e-servers.mjs',
    url: 'http://127.0.0.1:4173/todo/',
    reuseExistingServer: false,
    timeout: 90_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
