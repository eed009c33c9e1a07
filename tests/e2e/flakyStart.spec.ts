import type { Page } from '@playwright/test'
import { addTasks, expect, row, test } from './fixtures'
import { seedList, storedTasksOf } from './support/backend'
import { signInThroughEmulatorPopup } from './support/offline-google'

// A bad start: the network drops a download. The app must come through on its own, without
// a reload.

// The service worker would serve the chunks from its cache: these tests are about the network.
test.use({ serviceWorkers: 'block' })

/** The first download of `pattern` fails (connection reset); returns how many were asked. */
async function failFirstDownload(page: Page, pattern: string): Promise<() => number> {
  let requested = 0
  await page.route(pattern, async (route) => {
    if (requested++ === 0) await route.abort('connectionreset')
    else await route.continue()
  })
  return () => requested
}

// Known defect: Chromium keeps a failed dynamic import in its module map, so the app's
// retries of `import('./firestore')` fail at once, without a request, until a reload
// ("Your tasks cannot be reached right now. Trying again…" for good). Remove `fail` once a
// retry asks the network again (e.g. the chunk's URL with a query that changes per attempt).
test.fail(
  'the database chunk fails to download once: the list still loads, and a change is saved',
  async ({ page, person, request }) => {
    await seedList(person.email, { count: 1, text: () => 'Kept on the server' })
    const requested = await failFirstDownload(page, '**/assets/firestore-*.js')
    await page.goto('./')
    await signInThroughEmulatorPopup(page, person, () =>
      page.getByRole('button', { name: 'Login now' }).click(),
    )
    // The app tries again after 1 s, 2 s, 4 s… (with jitter): a few attempts in this time.
    await expect(row(page, 'Kept on the server')).toBeVisible({ timeout: 15_000 })
    await addTasks(page, 'Saved after a bad start')
    await expect
      .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task))
      .toEqual(['Kept on the server', 'Saved after a bad start'])
    expect(requested()).toBeGreaterThan(1)
  },
)
