import type { Page } from '@playwright/test'
import { expect, row, signIn, taskRows, test, type Person } from './fixtures'
import { seedList } from './support/backend'
import { axeViolations, findInPage } from './support/pageChecks'
import { counted, sized } from './support/sizes'
import { WINDOW_MIN_ROWS } from '../../src/features/tasks/ui/list/rowControls'
import { TEXT_CHUNK_MAX } from '../../src/features/tasks/ui/list/hiddenTextChunks'

// A list long enough to be windowed (over 200 rows): only the rows near the viewport are
// drawn, so these journeys check that it still behaves like one long list.

// 5,000 in a full run; in `npm test` 600: windowed (over WINDOW_MIN_ROWS, 200), the rows not
// drawn making more than two hidden-text chunks (TEXT_CHUNK_MAX, 256 rows), as at 5,000.
const COUNT = sized(5000, 600)
const FINISHED_FROM = COUNT - 100
/** A task far below the rows first drawn, past the first hidden-text chunk. */
const FAR = sized(777, 477)
if (COUNT <= WINDOW_MIN_ROWS || FAR <= TEXT_CHUNK_MAX || FAR > FINISHED_FROM) {
  throw new Error('The long list no longer crosses the thresholds it tests.')
}
const text = (n: number) => `Task ${String(n)} of the long list`

const seed = (person: Person, count = COUNT) =>
  seedList(person.email, { count, text, finishedFrom: FINISHED_FROM })

/** The position (aria-posinset) of the row holding focus, or null. */
const focusedPosition = (page: Page) =>
  page.evaluate(() => {
    const position = document.activeElement?.closest('li')?.getAttribute('aria-posinset')
    return position === undefined || position === null ? null : Number(position)
  })

const scrollToBottom = (page: Page) =>
  page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight)
  })

test('a list of 100 first appears with the rows a screen holds, then the rest follow', async ({
  page,
  person,
}) => {
  await seed(person, 100)
  // The number of rows after each change of the page, from its first moment.
  await page.addInitScript(() => {
    const counts: number[] = []
    Object.assign(window, { rowCounts: counts })
    new MutationObserver(() => {
      const list = document.querySelector('ul.task-list')
      if (list) counts.push(list.querySelectorAll(':scope > li').length)
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto('./')
  await signIn(page, person)
  await expect(taskRows(page)).toHaveCount(100)
  const counts = await page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts)
  expect(counts[0]).toBe(30)
  expect(counts.at(-1)).toBe(100)
})

test.describe(`a list of ${counted(COUNT)} tasks`, () => {
  // Seeding, loading and drawing thousands of tasks and walking them by keyboard is work that takes
  // as long as the machine needs: three times the usual budget.
  test.slow()

  test.beforeEach(async ({ page, person }) => {
    // The tasks are stored once the list is open, and arrive live. Stored before, they would be
    // the first answer of a new channel, whose start the emulator can lose (over 200 messages
    // while it answers the channel's handshake; docs/testing.md). The first load of a long list
    // is measured by the bench, on a warm emulator.
    await page.goto('./')
    await signIn(page, person)
    await seed(person)
    await expect(taskRows(page).first()).toHaveAttribute('aria-setsize', String(COUNT), {
      timeout: 60_000,
    })
  })

  // Each journey waits for its tasks to arrive: those that change nothing share a list.
  test('draws only the rows near the viewport; the page scrolls to the others; axe passes there', async ({
    page,
  }) => {
    expect(await taskRows(page).count()).toBeLessThan(150)
    await expect(row(page, text(1))).toHaveAttribute('aria-posinset', '1')
    // The page is as tall as the whole list, and scrolls natively.
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    expect(height).toBeGreaterThan(COUNT * 40)

    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight / 2)
    })
    await expect(row(page, text(COUNT / 2))).toBeInViewport()
    // No WCAG 2.1 AA violations, scrolled to the middle.
    expect(await axeViolations(page)).toEqual([])
    await scrollToBottom(page)
    await expect(row(page, text(COUNT))).toBeInViewport()
    await expect(row(page, text(COUNT - 5))).toBeInViewport()
    await expect(row(page, text(COUNT))).toHaveAttribute('aria-posinset', String(COUNT))
    expect(await taskRows(page).count()).toBeLessThan(150)
  })

  test('Tab goes through the rows in list order, beyond the rows first drawn', async ({ page }) => {
    // The row of each focus as it happens, read once at the end: one round trip, not 45.
    await page.evaluate(() => {
      const positions: (number | null)[] = []
      Object.assign(window, { focusedRows: positions })
      document.addEventListener('focusin', (event) => {
        const position = (event.target as Element).closest('li')?.getAttribute('aria-posinset')
        positions.push(position === undefined || position === null ? null : Number(position))
      })
    })
    const ROWS = 45
    await row(page, text(1)).getByRole('button', { name: 'Mark as complete' }).focus()
    // Four stops a row (toggle, Edit, Delete, Reorder).
    for (let press = 0; press < 4 * (ROWS - 1); press++) await page.keyboard.press('Tab')
    await expect(
      row(page, text(ROWS)).getByRole('button', { name: 'Mark as complete' }),
    ).toBeFocused()
    const expected = [
      1,
      ...Array.from({ length: ROWS - 1 }, (_, i) => [i + 1, i + 1, i + 1, i + 2]).flat(),
    ]
    expect(
      await page.evaluate(() => (window as unknown as { focusedRows: number[] }).focusedRows),
    ).toEqual(expected)
    await expect(
      row(page, text(ROWS)).getByRole('button', { name: 'Mark as complete' }),
    ).toBeInViewport()
    for (let press = 0; press < 4; press++) await page.keyboard.press('Shift+Tab')
    expect(await focusedPosition(page)).toBe(ROWS - 1)
  })

  test('focus stays in its row when that row scrolls far away; find-in-page reaches a task not drawn', async ({
    page,
  }) => {
    const edit = row(page, text(3)).getByRole('button', { name: 'Edit' })
    await edit.focus()
    await scrollToBottom(page)
    await expect(row(page, text(COUNT))).toBeInViewport()
    await expect(edit).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(row(page, text(3)).getByRole('button', { name: 'Delete' })).toBeFocused()

    // The text of the rows not drawn is in the page, hidden until found.
    const hidden = page.locator('li.task-hidden-text p', { hasText: text(FAR) })
    await expect(hidden).toHaveAttribute('hidden', 'until-found')
    expect(await row(page, text(FAR)).count()).toBe(0)
    await findInPage(page, text(FAR))
    await expect(row(page, text(FAR))).toBeInViewport()
    await expect(row(page, text(FAR))).toHaveAttribute('aria-posinset', String(FAR))
  })

  test('marked incomplete at the bottom, a task goes to the top and keeps focus', async ({
    page,
  }) => {
    await scrollToBottom(page)
    await row(page, text(COUNT)).getByRole('button', { name: 'Mark as incomplete' }).click()
    await expect(taskRows(page).first()).toContainText(text(COUNT))
    await expect(
      row(page, text(COUNT)).getByRole('button', { name: 'Mark as complete' }),
    ).toBeFocused()
    // The page did not jump: the finished tasks at the bottom are still in view.
    await expect(row(page, text(COUNT - 1))).toBeInViewport()
  })

  test('keyboard: a task marked done goes to the end with focus and its ring; the page stays', async ({
    page,
  }) => {
    // By keyboard into the list (past Find, the filters and the toolbar above it), as its
    // focus ring shows.
    await page.getByRole('button', { name: 'Add Task' }).focus()
    const first = row(page, text(1)).getByRole('button', { name: 'Mark as complete' })
    // Focus moves as the key is handled: read where it is after each press.
    for (
      let press = 0;
      press < 9 && !(await first.evaluate((b) => b === document.activeElement));
      press++
    ) {
      await page.keyboard.press('Tab')
    }
    await expect(first).toBeFocused()
    await page.keyboard.press('Space')
    const moved = row(page, text(1)).getByRole('button', { name: 'Mark as incomplete' })
    await expect(moved).toBeFocused()
    await expect(moved).toHaveCSS('outline-style', 'solid')
    await expect(taskRows(page).first()).toContainText(text(2))
    await expect(row(page, text(2))).toBeInViewport()
    expect(await focusedPosition(page)).toBe(COUNT)
    // Tab goes on from the task where it now is: its Edit button, at the end of the list.
    await page.keyboard.press('Tab')
    await expect(row(page, text(1)).getByRole('button', { name: 'Edit' })).toBeInViewport()
  })
})
