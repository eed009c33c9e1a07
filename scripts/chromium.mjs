// The one place that says which Chromium the browser tools use and how to start it.
// Playwright cannot download its browsers here: use CHROMIUM_PATH, else Playwright's own
// Chromium if installed, else Debian's /usr/bin/chromium.
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

/** Headless Chromium as root on a machine with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * The Chromium binary to launch, or undefined for Playwright's own. Throws, saying how to
 * install one, when there is none.
 * @returns {string | undefined}
 */
export function chromiumExecutable() {
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

/** A path to a Chromium binary, for tools that cannot use Playwright's own by name. */
export function chromiumPath() {
  return chromiumExecutable() ?? chromium.executablePath()
}
