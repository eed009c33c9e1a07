// Opening the list: the sign-in, later visits (signed in, the SDK's cache on the device), and
// the heap after load.
import { installActions } from './actions.js'
import { installHarness } from './harness.js'

export const VIEWPORT = { width: 1280, height: 800 }
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
/** The last requests to the emulators in each context, to say what happened when a wait fails. */
const requests = new WeakMap()

/**
 * A browser context as the bench measures in: reduced motion (no confetti animating over the
 * next clicks: it is not the list), service workers blocked (the offline worker is not what is
 * measured), the harness and the actions' instrumentation in every page.
 */
export async function newContext(browser) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  })
  await context.addInitScript(installHarness)
  await context.addInitScript(installActions)
  const seen = []
  requests.set(context, seen)
  const note = (request, outcome) => {
    const url = request.url()
    if (!/:(8080|9099)\//.test(url)) return
    seen.push(`${outcome} ${request.method()} ${url.replace(/\?.*/, '')}`)
    seen.splice(0, seen.length - 10)
  }
  context.on('request', (request) => {
    note(request, 'sent')
  })
  context.on('requestfinished', (request) => {
    note(request, 'finished')
  })
  context.on('requestfailed', (request) => {
    note(request, `failed (${request.failure()?.errorText ?? ''})`)
  })
  return context
}

/** Waits until `condition` holds in the page; if it never does, says what the page did. */
async function waitInPage(page, condition, failure, arg = null) {
  try {
    return await (await page.waitForFunction(condition, arg, { timeout: 120_000 })).jsonValue()
  } catch (error) {
    const seen = await page.evaluate(() => ({
      actions: window.__bench.actions.slice(-12).map((a) => JSON.stringify(a)),
      text: document.body.innerText.slice(0, 300),
    }))
    const sent = requests.get(page.context()) ?? []
    throw new Error(
      `${failure}: ${error instanceof Error ? error.message : String(error)}\n` +
        `The last actions:\n  ${seen.actions.join('\n  ')}\nThe page said: ${seen.text}\n` +
        `The last requests to the emulators:\n  ${sent.join('\n  ')}`,
      { cause: error },
    )
  }
}

/**
 * Waits for the list's first render in `page` (which must then show `rows` tasks): when it was
 * painted, when the data it shows arrived (the app: the reducer's start on the first
 * `tasksSnapshotReceived`; the naive list: the end of `tasks.json`), in ms from navigation.
 */
export async function firstRender(page, rows) {
  const load = await waitInPage(page, () => window.__bench.load, 'the list did not show')
  // A list of 31 to 200 tasks first shows a screenful, then the rest (src/features/tasks/ui/TaskList.tsx).
  const all = (n) => window.__bench.probe().size === n
  await waitInPage(page, all, `Check failed: the list did not show ${String(rows)} rows`, rows)
  const tasksJson = await page.evaluate(
    () =>
      performance.getEntriesByType('resource').find((e) => e.name.endsWith('tasks.json'))
        ?.responseEnd,
  )
  const dataAt = load.snapshot?.start ?? tasksJson ?? null
  return {
    rows: load.rows,
    navigationToList: load.painted,
    dataToList: dataAt === null ? null : load.painted - dataAt,
    fromCache: load.snapshot?.fromCache ?? null,
    signedIn: load.signedIn,
    snapshotAt: load.snapshot?.start ?? null,
    firstContentfulPaint: load.firstContentfulPaint,
  }
}

/** Resolves once the live query has heard from the server (its cache is then up to date). */
export async function serverAnswered(page) {
  await waitInPage(
    page,
    () =>
      window.__bench.actions.some((a) => a.type === 'tasks/tasksSnapshotReceived' && !a.fromCache),
    'the server did not answer the live query',
  )
}

/** A new device's page on the app, signed in as `account` through the Auth emulator's popup. */
export async function openSignedIn(browser, env, account) {
  const { routeGoogleOffline, signInThroughEmulatorPopup } = env.google
  const context = await newContext(browser)
  await routeGoogleOffline(context)
  const page = await context.newPage()
  await page.goto(env.appUrl)
  await signInThroughEmulatorPopup(page, account, () =>
    page.getByRole('button', { name: 'Login now' }).click(),
  )
  return { context, page }
}

/**
 * A context signed in as `account` through the Auth emulator's popup, its list (`rows` tasks)
 * shown and the SDK's cache filled; returns the first render of that first visit.
 *
 * Google's emulator can lose the start of a new channel's first answer when it is longer than
 * 200 messages (docs/testing.md): the list then never shows. The visit is then made again from a
 * new device (`log` says so), up to three times in all.
 */
export async function signIn(browser, env, account, rows, log) {
  for (let attempt = 1; ; attempt++) {
    const { context, page } = await openSignedIn(browser, env, account)
    try {
      const first = await firstRender(page, rows)
      await serverAnswered(page)
      await sleep(1000)
      return { context, page, first }
    } catch (error) {
      await context.close()
      if (attempt === 3) throw error
      log(`the first visit's list did not show (the emulator's lost first answer?): again`)
    }
  }
}

/**
 * `loads` later visits of `url` in `page` (the same profile: signed in, the cache filled),
 * each timed to its first render; the page stays on the last, once the server has answered.
 */
export async function laterVisits(page, url, loads, rows) {
  const results = []
  for (let i = 0; i < Math.max(1, loads); i++) {
    if (i > 0) await sleep(500)
    await page.goto(url)
    results.push(await firstRender(page, rows))
  }
  await answeredOrReloaded(page)
  return results
}

/**
 * The server's first answer on a later visit. The emulator can lose it (docs/testing.md), and a
 * page showing its list from the cache offers no Retry: after 30 s the bench loads the page
 * again (a new channel), up to twice.
 */
async function answeredOrReloaded(page) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForFunction(
        () =>
          window.__bench.actions.some(
            (a) => a.type === 'tasks/tasksSnapshotReceived' && !a.fromCache,
          ),
        null,
        { timeout: 30_000 },
      )
      return
    } catch (error) {
      if (attempt === 3) throw error
      await page.reload()
    }
  }
}

/** The JS heap after a full garbage collection, and the DOM size. */
export async function heapAfterLoad(page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  await cdp.send('Performance.enable')
  const { metrics } = await cdp.send('Performance.getMetrics')
  await cdp.detach()
  const metric = (name) => metrics.find((m) => m.name === name)?.value ?? null
  return { heapMB: usedSize / 2 ** 20, domNodes: metric('Nodes') }
}
