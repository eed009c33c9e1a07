import { readFileSync, writeFileSync } from 'node:fs'
import type { Page, Route } from '@playwright/test'
import { dateParserChunks } from '../../scripts/dateChunks.mjs'
import { addTasks, expect, row, signIn, test } from './fixtures'
import { recordConfetti } from './support/confetti'

// The production build as Firebase Hosting serves it: `vite preview` sends firebase.json's
// headers (vite/plugins/hostingHeaders.ts), so the Content-Security-Policy below is the deployed one,
// plus the local emulators' origins.

/** Records every Content-Security-Policy violation of the page, in every frame of our origin. */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text())
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`)
    })
  })
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    )),
  ]
}

test('index.html and a hashed asset carry the Hosting headers', async ({ request }) => {
  const page = await request.get('./')
  expect(page.status()).toBe(200)
  const headers = page.headers()
  const csp = headers['content-security-policy'] ?? ''
  for (const directive of [
    "default-src 'self'",
    "script-src 'self' https://apis.google.com",
    "style-src 'self'",
    'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://firestore.googleapis.com',
    'frame-src https://*.firebaseapp.com',
    "object-src 'none'",
    "frame-ancestors 'none'",
  ]) {
    expect(csp).toContain(directive)
  }
  expect(csp).not.toContain('unsafe-inline')
  expect(csp).not.toContain('unsafe-eval')
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['cache-control']).toBe('no-cache')

  const entry = /<script type="module" crossorigin src="\/todo\/([^"]+)"/.exec(await page.text())
  expect(entry).not.toBeNull()
  const asset = await request.get(`./${entry?.[1] ?? ''}`)
  expect(asset.status()).toBe(200)
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(asset.headers()['content-security-policy']).toBe(csp)

  // As on Hosting: /todo without its slash is redirected to /todo/, keeping the query, and a
  // file that is not there is a 404, not the page in its place.
  const bare = await request.get('/todo?from=link', { maxRedirects: 0 })
  expect([bare.status(), bare.headers().location]).toEqual([301, '/todo/?from=link'])
  expect((await request.get('./assets/gone-0000.js')).status()).toBe(404)
  expect((await request.get('./some/deep/link')).headers()['content-type']).toContain('text/html')
})

test("img-src allows the Firestore SDK's connectivity check, and nothing else of Google's", async ({
  page,
  request,
}) => {
  // When a request fails, the SDK's WebChannel loads this image (with a random `zx` query) to
  // tell a lost network from a failing server.
  const check = 'https://www.google.com/images/cleardot.gif'
  const csp = (await request.get('./')).headers()['content-security-policy'] ?? ''
  expect(csp.split('; ').find((directive) => directive.startsWith('img-src '))).toBe(
    `img-src 'self' data: https://*.googleusercontent.com ${check}`,
  )

  // Any request that gets past the policy is answered here, with an image.
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
  await page.route('https://www.google.com/**', (route) =>
    route.fulfill({ contentType: 'image/gif', body: gif }),
  )
  await page.goto('./')
  const loads = (src: string) =>
    page.evaluate(
      (url) =>
        new Promise<boolean>((resolve) => {
          const image = new Image()
          image.onload = () => {
            resolve(true)
          }
          image.onerror = () => {
            resolve(false)
          }
          image.src = url
        }),
      src,
    )
  expect(await loads(`${check}?zx=k2j5x9q1w8e3`)).toBe(true)
  expect(await loads('https://www.google.com/images/other.gif')).toBe(false)
  expect(await loads('https://www.google.com/cleardot.gif')).toBe(false)
})

test('no Content-Security-Policy violation from sign-in to sign-out', async ({ page, person }) => {
  const violations = await recordCspViolations(page)
  // Confetti draws in a worker made from a blob: URL (worker-src blob:): let it fly.
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await page.goto('./')
  const confetti = await recordConfetti(page)
  await signIn(page, person)
  await addTasks(page, 'Water the plants', 'Pay the rent')
  await row(page, 'Pay the rent').getByRole('button', { name: 'Mark as complete' }).click()
  await expect.poll(async () => (await confetti()).fired.length).toBe(1)
  await row(page, 'Water the plants').getByRole('button', { name: 'Edit' }).click()
  await page
    .getByRole('dialog', { name: 'Edit Task' })
    .getByRole('textbox', { name: 'Task' })
    .fill('Water the fern')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(row(page, 'Water the fern')).toBeVisible()
  await row(page, 'Pay the rent').getByRole('button', { name: 'Delete' }).click()
  await expect(row(page, 'Pay the rent')).toHaveCount(0)
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
  expect(await violations()).toEqual([])
})

test('the web app manifest and its icons', async ({ page, request }) => {
  await page.goto('./')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/todo/manifest.webmanifest')
  const response = await request.get(href ?? '')
  expect(response.headers()['content-type']).toContain('application/manifest+json')
  const manifest = (await response.json()) as {
    start_url: string
    scope: string
    display: string
    icons: { src: string; sizes: string; type: string; purpose: string }[]
  }
  const manifestUrl = new URL(response.url())
  expect(new URL(manifest.start_url, manifestUrl).pathname).toBe('/todo/')
  expect(new URL(manifest.scope, manifestUrl).pathname).toBe('/todo/')
  expect(manifest.display).toBe('standalone')
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  )
  for (const icon of manifest.icons) {
    const image = await request.get(new URL(icon.src, manifestUrl).href)
    expect(image.status(), icon.src).toBe(200)
    expect(image.headers()['content-type']).toBe(icon.type)
  }
})

test.describe('the service worker', () => {
  /** Waits until the service worker is active and controls the page. */
  async function controlled(page: Page): Promise<void> {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      if (navigator.serviceWorker.controller) return
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })
      })
    })
  }

  test('the app opens offline, signed out and signed in', async ({ page, context, person }) => {
    await page.goto('./')
    await controlled(page)
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'To-do' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()

    await context.setOffline(false)
    await signIn(page, person)
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
    await context.setOffline(false)
  })

  test('never answers for other origins: Auth, Firestore and the emulators go to the network', async ({
    page,
    person,
  }) => {
    await page.goto('./')
    await controlled(page)
    const fromServiceWorker: string[] = []
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.port !== '4173' && response.fromServiceWorker()) fromServiceWorker.push(url.href)
    })
    await signIn(page, person)
    await addTasks(page, 'Through the network')
    expect(fromServiceWorker).toEqual([])
  })

  test('a new deploy applies on the next load, and is the page kept for offline', async ({
    page,
    context,
  }) => {
    await page.goto('./')
    await controlled(page)
    expect(await page.evaluate(() => caches.keys())).toEqual([
      expect.stringMatching(/^todo-shell-/),
    ])

    // The next deploy's page: the service worker asks the network first.
    const nextDeploy = async (route: Route) => {
      const response = await route.fetch()
      const body = (await response.text()).replace(
        '<title>',
        '<meta name="deployed" content="next" /><title>',
      )
      await route.fulfill({ response, body })
    }
    await context.route('**/todo/', nextDeploy)
    await page.reload()
    await expect(page.locator('meta[name="deployed"]')).toHaveAttribute('content', 'next')
    await context.unroute('**/todo/', nextDeploy)

    // Offline, the kept page is that latest one.
    await context.setOffline(true)
    await page.reload()
    await expect(page.locator('meta[name="deployed"]')).toHaveAttribute('content', 'next')
    await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
    await context.setOffline(false)
  })

  test('a new service worker takes over at once and deletes the old files', async ({
    page,
    context,
  }) => {
    await page.goto('./')
    await controlled(page)
    const [before] = await page.evaluate(() => caches.keys())

    // The next deploy's worker: the same code with another version, in place of this one (the
    // browser fetches sw.js itself, so the file is changed, and put back afterwards).
    const file = 'dist/todo/sw.js'
    const deployed = readFileSync(file, 'utf8')
    const changed = page.evaluate(
      () =>
        new Promise((resolve) => {
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })
        }),
    )
    try {
      writeFileSync(file, deployed.replace(/version:`([0-9a-f]+)`/, 'version:`next$1`'))
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.ready).update()
      })
    } finally {
      writeFileSync(file, deployed)
    }
    await changed
    await expect
      .poll(() => page.evaluate(() => caches.keys()))
      .toEqual([expect.stringMatching(/^todo-shell-next/)])
    expect(before).toMatch(/^todo-shell-/)

    // Still opens offline, from the new version's files.
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
    await context.setOffline(false)
  })

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' })

    test('keeps the date parser of its own language only, which reads dates offline', async ({
      page,
      context,
      person,
    }) => {
      const { languages } = dateParserChunks('dist/todo')
      expect(languages).toHaveLength(13)

      await page.goto('./')
      await signIn(page, person)
      await controlled(page)
      const kept = await page.evaluate(async () => {
        const [name = ''] = await caches.keys()
        const requests = await (await caches.open(name)).keys()
        return requests.map(({ url }) => new URL(url).pathname.replace('/todo/', ''))
      })
      expect(languages.filter((name) => kept.includes(name))).toHaveLength(1)

      await context.setOffline(true)
      await page.reload()
      await page.getByRole('textbox', { name: 'New task' }).fill('Zahnarzt morgen')
      await expect(page.locator('.due-hint')).toContainText('Due tomorrow')
      await context.setOffline(false)
    })
  })
})

test.describe('the prerendered page', () => {
  test('shows before the JavaScript runs; text typed and Enter pressed then are kept', async ({
    page,
    person,
    consoleMessages,
  }) => {
    // Hold the entry script back: the page is what index.html alone draws.
    let releaseScript: (() => void) | undefined
    const held = new Promise<void>((resolve) => {
      releaseScript = resolve
    })
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('./', { waitUntil: 'commit' })
    const input = page.getByRole('textbox', { name: 'New task' })
    await expect(input).toBeFocused()
    await expect(page.getByRole('heading', { name: 'To-do' })).toBeVisible()
    // A first visit paints what it will go on saying signed out.
    await expect(page.getByText('Plese login to save tasks')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
    await expect(page.getByText('No tasks have been added yet')).toBeVisible()
    await expect(page.getByText('Checking sign-in…')).toBeHidden()
    await page.keyboard.type('Typed before the script ran')
    await page.keyboard.press('Enter')

    releaseScript?.()
    // Hydrated: the button the app draws, with its handler (a click before that does nothing).
    await expect(page.getByRole('button', { name: 'Login now' })).not.toHaveClass(/if-forgotten/)
    // The browser's own submission did nothing (no reload), and hydration kept the text.
    expect(page.url()).not.toContain('?')
    await expect(input).toHaveValue('Typed before the script ran')
    await page.keyboard.type(', and after')
    await expect(input).toHaveValue('Typed before the script ran, and after')

    // Hydrated, not replaced: no mismatch reported, and the app works as usual.
    expect(consoleMessages.filter((text) => /hydrat|minified react error/i.test(text))).toEqual([])
    await signIn(page, person)
    await input.fill('A task')
    await page.keyboard.press('Enter')
    await expect(row(page, 'A task')).toBeVisible()
  })
})
