import type { Browser, BrowserContext, Page } from '@playwright/test'
import { signIn, type Person } from '../fixtures'
import { routeGoogleOffline } from './offline-google'

// Two browser contexts are two devices of one person, each with its own storage and clock.

/** A device: its own context (storage, clock), the app loaded and signed in as `person`. */
export async function device(browser: Browser, person: Person) {
  const context = await browser.newContext({ reducedMotion: 'reduce' })
  await routeGoogleOffline(context)
  await context.clock.install()
  const page = await context.newPage()
  await page.goto('./')
  await signIn(page, person)
  return { context, page }
}

/**
 * The person leaves the tab for `minutes` and comes back to it. Headless Chromium always says
 * `visible`, so the change is played as the browser reports it.
 */
export async function awayAndBack(context: BrowserContext, page: Page, minutes: number) {
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { value, configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    }, state)
  await setVisibility('hidden')
  await context.clock.fastForward(minutes * 60_000)
  await setVisibility('visible')
}
