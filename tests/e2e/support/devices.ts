import type { Browser, BrowserContext } from '@playwright/test'
import { signIn, type Person } from '../fixtures'
import { deviceOpened, firestoreProject } from './emulator'
import { followNetworkOfTest } from './network'
import { routeGoogleOffline } from './offline-google'

// Two browser contexts are two devices of one person, each with its own storage and clock.

const opened = new Set<BrowserContext>()

/** Closes the devices a test opened and left open (it failed before closing them). */
export async function closeDevices(): Promise<void> {
  for (const context of opened) await context.close()
  opened.clear()
}

/**
 * A new context ready for the app: the Auth popup works offline, the network as tests say, the
 * data in the test's project (or `project`).
 */
export async function newDevice(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
  project = firestoreProject(),
): Promise<BrowserContext> {
  const context = await browser.newContext({ reducedMotion: 'reduce', ...options })
  opened.add(context)
  await deviceOpened(context, project)
  context.on('close', () => opened.delete(context))
  await routeGoogleOffline(context)
  await followNetworkOfTest(context)
  return context
}

/**
 * A device: its own context (storage, clock), the app loaded and signed in as `person` (the
 * second device of a person picks the existing account in the emulator's popup).
 */
export async function device(
  browser: Browser,
  person: Person,
  { clock = false, project = firestoreProject() } = {},
) {
  const context = await newDevice(browser, {}, project)
  if (clock) await context.clock.install()
  const page = await context.newPage()
  await page.goto('./')
  await signIn(page, person)
  return { context, page }
}
