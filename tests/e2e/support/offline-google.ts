import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from '@playwright/test'

/**
 * Offline support for Firebase Auth popup sign-in against the Auth emulator.
 *
 * The Auth SDK and the emulator's helper iframe both load https://apis.google.com/js/api.js; with
 * no network that fails and signInWithPopup rejects with auth/internal-error. gapi-stub.js is a
 * local stand-in (see its header). The emulator's popup page also pulls CSS/JS/fonts from unpkg and
 * Google Fonts; it works unstyled, so those are aborted at once instead of hanging.
 */

const GAPI_STUB = readFileSync(new URL('./gapi-stub.js', import.meta.url), 'utf8')

/** Routes the gapi loader to the stub (page and iframes alike) and aborts the CDN requests. */
export async function routeGoogleOffline(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STUB }),
  )
  for (const host of ['unpkg.com', 'fonts.googleapis.com', 'fonts.gstatic.com']) {
    await context.route(`https://${host}/**`, (route) => route.abort())
  }
}

export interface EmulatorAccount {
  email: string
  displayName: string
  photoURL?: string
}

/**
 * Runs `clickLogin` (which must trigger signInWithPopup), completes the Auth emulator's popup as
 * `opts` — reusing the emulator account with that email if it exists, adding it otherwise — and
 * waits until the popup has closed (the SDK closes it once the sign-in event is delivered).
 */
export async function signInThroughEmulatorPopup(
  page: Page,
  opts: EmulatorAccount,
  clickLogin: () => Promise<void>,
): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), clickLogin()])
  await popup.waitForLoadState('domcontentloaded')
  await popup.locator('#add-account-button').waitFor()

  const known = popup.locator('li.js-reuse-account').filter({
    has: popup.locator('#reuse-email', {
      hasText: new RegExp(`^\\s*${escapeRegExp(opts.email)}\\s*$`),
    }),
  })
  let submit = popup.locator('#sign-in')
  if ((await known.count()) > 0) {
    submit = known.first() // the emulator keeps that account's stored name and photo
  } else {
    await popup.locator('#add-account-button').click()
    await popup.locator('#email-input').fill(opts.email)
    await popup.locator('#display-name-input').fill(opts.displayName)
    if (opts.photoURL !== undefined) {
      await popup.locator('#profile-photo-input').fill(opts.photoURL)
    }
  }
  await Promise.all([popup.waitForEvent('close', { timeout: 30_000 }), submit.click()])
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
