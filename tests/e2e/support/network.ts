import type { BrowserContext, Page } from '@playwright/test'

// The device's network, as the tests set it. Chromium's offline emulation changes neither
// `navigator.onLine` nor fires `online`/`offline`, and on a host whose only interface is
// loopback (a network namespace) Chromium says offline from the start: so the page's
// `navigator.onLine` follows what the test said, and the events are sent by the test.

/** Where the browser tests' emulators answer (scripts/emulators.ts). */
export const FIRESTORE = 'http://127.0.0.1:8080'
export const AUTH = 'http://127.0.0.1:9099'

/** The Firestore SDK's two channels: writes go out on one, the live query comes on the other. */
export const WRITE_CHANNEL = '**/google.firestore.v1.Firestore/Write/channel**'
export const LISTEN_CHANNEL = '**/google.firestore.v1.Firestore/Listen/channel**'

const OFFLINE_KEY = 'e2e.offline'

/** Runs in every page before its scripts: `navigator.onLine` as the test last set it. */
function followTestNetwork(key: string) {
  let online = true
  try {
    online = localStorage.getItem(key) !== '1'
  } catch {
    // No storage in this frame (about:blank): online.
  }
  Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => online })
  addEventListener('online', () => (online = true), { capture: true })
  addEventListener('offline', () => (online = false), { capture: true })
}

/** A new context made ready for the app: its network follows the test's word. */
export async function followNetworkOfTest(context: BrowserContext): Promise<void> {
  await context.addInitScript(followTestNetwork, OFFLINE_KEY)
}

const appPages = (context: BrowserContext) =>
  context.pages().filter((page) => page.url().startsWith('http://127.0.0.1:4173/'))

/** Tells `page` (all the app's pages of its context when none) what the network now is. */
async function announce(context: BrowserContext, online: boolean, pages = appPages(context)) {
  for (const page of pages) {
    await page.evaluate(
      ([key, on]) => {
        if (on) localStorage.removeItem(key)
        else localStorage.setItem(key, '1')
        dispatchEvent(new Event(on ? 'online' : 'offline'))
      },
      [OFFLINE_KEY, online] as const,
    )
  }
}

const refuse = (route: { abort: (code: string) => Promise<void> }) =>
  route.abort('internetdisconnected')

/**
 * The device goes offline: Chromium's emulation, and the emulators refused by route as well
 * (the emulation alone has been seen to let a request through); the pages hear `offline`.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.route(`${FIRESTORE}/**`, refuse)
  await context.route(`${AUTH}/**`, refuse)
  await context.setOffline(true)
  await announce(context, false)
}

/** Back online: the pages hear `online` (the SDK then tries at once, without its backoff). */
export async function goOnline(context: BrowserContext, pages?: Page[]): Promise<void> {
  await context.unroute(`${FIRESTORE}/**`, refuse)
  await context.unroute(`${AUTH}/**`, refuse)
  await context.setOffline(false)
  await announce(context, true, pages)
}

/** The browser says it is offline (`navigator.onLine`, the event) while the network works. */
export async function browserSaysOffline(context: BrowserContext): Promise<void> {
  await announce(context, false)
}

/** The network comes back, and the browser does not notice: it goes on saying offline. */
export async function networkBackUnnoticed(context: BrowserContext): Promise<void> {
  await context.unroute(`${FIRESTORE}/**`, refuse)
  await context.unroute(`${AUTH}/**`, refuse)
  await context.setOffline(false)
}
