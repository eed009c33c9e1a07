// The one place that says which Chromium the browser tools use and how to start it.
// Playwright cannot download its browsers here, so, in order: CHROMIUM_PATH; Debian's
// /usr/bin/chromium; Playwright's own, if installed; else the Chromium that `npm ci` brings
// inside the @sparticuz/chromium package (a headless shell, unpacked on first use into the
// system's temporary folder). Nothing is ever downloaded.
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

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/** Where a Chromium comes from, and the binary to launch (undefined: Playwright's own). */
async function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`)
    return { from: 'CHROMIUM_PATH', path: fromEnv }
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { from: "Debian's chromium", path: DEBIAN_CHROMIUM }
  if (existsSync(chromium.executablePath())) return { from: "Playwright's own", path: undefined }
  try {
    const { default: packaged } = await import('@sparticuz/chromium')
    return { from: '@sparticuz/chromium (from npm ci)', path: await packaged.executablePath() }
  } catch (err) {
    throw new Error(
      'No Chromium for the browser tests: run `npm ci` (it brings @sparticuz/chromium), or ' +
        'install one with `apt-get install -y chromium`, or set CHROMIUM_PATH ' +
        `(${err instanceof Error ? err.message : String(err)}).`,
      { cause: err },
    )
  }
}

let found
/**
 * The Chromium binary to launch, or undefined for Playwright's own. Throws one line naming the
 * command that installs one when there is none.
 * @returns {Promise<string | undefined>}
 */
export async function chromiumExecutable() {
  found ??= findChromium()
  return (await found).path
}

/** Which Chromium it is, in words, for the tools' first lines. */
export async function chromiumSource() {
  found ??= findChromium()
  return (await found).from
}

/** A path to a Chromium binary, for tools that cannot use Playwright's own by name. */
export async function chromiumPath() {
  return (await chromiumExecutable()) ?? chromium.executablePath()
}
