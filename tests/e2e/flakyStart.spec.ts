import type { Page } from '@playwright/test'
import { addTasks, expect, row, test } from './fixtures'
import { seedList, storedTasksOf } from './support/backend'
import { signInThroughEmulatorPopup } from './support/offline-google'

// A bad start: the network drops a download. The app must come through on its own, without
// a reload.

// The service worker would serve the chunks from its cache: these tests are about the network.
test.use({ serviceWorkers: 'block' })

/**
 * How long a start with one failed download may take: the app tries again after 1 s, 2 s, 4 s…
 * (with jitter), and on a busy machine the sign-in, the SDK and the list take tens of seconds
 * more (seen: 19 s beside two busy loops). A ceiling, not a wait: each step goes on as soon as
 * the page shows what it waits for.
 */
const START_CEILING_MS = 60_000

/** The first download of `pattern` fails (connection reset); returns how many were asked. */
async function failFirstDownload(page: Page, pattern: string): Promise<() => number> {
  let requested = 0
  await page.route(pattern, async (route) => {
    if (requested++ === 0) await route.abort('connectionreset')
    else await route.continue()
  })
  return () => requested
}

test('the database chunk fails to download once: the list still loads, and a change is saved', async ({
  page,
  person,
  request,
}) => {
  await seedList(person.email, { count: 1, text: () => 'Kept on the server' })
  const requested = await failFirstDownload(page, '**/assets/firestore-*.js*')
  await page.goto('./')
  await signInThroughEmulatorPopup(page, person, () =>
    page.getByRole('button', { name: 'Login now' }).click(),
  )
  await expect.poll(requested, { timeout: START_CEILING_MS }).toBeGreaterThan(1)
  await expect(row(page, 'Kept on the server')).toBeVisible({ timeout: START_CEILING_MS })
  await addTasks(page, 'Saved after a bad start')
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task))
    .toEqual(['Kept on the server', 'Saved after a bad start'])
  expect(requested()).toBeGreaterThan(1)
})

test("the rows' chunk fails to download once: the list says it is loading, then shows", async ({
  page,
  person,
}) => {
  await seedList(person.email, { count: 2, text: (n) => `Row ${String(n)}` })
  const requested = await failFirstDownload(page, '**/assets/TaskRows-*.js*')
  await page.goto('./')
  await signInThroughEmulatorPopup(page, person, () =>
    page.getByRole('button', { name: 'Login now' }).click(),
  )
  // Tried again after 1 s, then 2 s…: the tasks are known meanwhile, and the count says so.
  await expect(page.getByText('2 open')).toBeVisible({ timeout: START_CEILING_MS })
  await expect.poll(requested, { timeout: START_CEILING_MS }).toBeGreaterThan(1)
  await expect(row(page, 'Row 2')).toBeVisible({ timeout: START_CEILING_MS })
  await expect(row(page, 'Row 1')).toBeVisible()
})
