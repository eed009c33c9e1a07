import type { Page } from '@playwright/test'
import { addTasks, expect, row, signIn, taskInput, taskRows, test } from './fixtures'
import { seedList } from './support/backend'
import { axeViolations, findInPage } from './support/pageChecks'

// Find tasks and the filters All, Open and Finished, in the browser: what is shown and said,
// the URL that keeps the filter across a reload and Back, and find-in-page over what is shown.

const find = (page: Page) => page.getByRole('searchbox', { name: 'Find tasks' })
const filter = (page: Page, name: 'All' | 'Open' | 'Finished') =>
  page
    .getByRole('navigation', { name: 'Filter' })
    .getByRole('link', { name: new RegExp(`^${name} \\d+$`) })
/** The texts of the rows shown, top to bottom (retried until they match). */
const shownTexts = (page: Page) => taskRows(page).locator('.task-text')
const status = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text })

async function finish(page: Page, text: string) {
  await row(page, text).getByRole('button', { name: 'Mark as complete' }).click()
  await expect(row(page, text).getByRole('button', { name: 'Mark as incomplete' })).toBeVisible()
}

test('Find shows the tasks holding every word, whatever their case and accents, and how many', async ({
  signedIn: page,
}) => {
  await addTasks(page, 'Call Chloé', 'Buy oat milk', 'CHLOÉ’S BIRTHDAY cake')
  await find(page).pressSequentially('chloe')
  await expect(shownTexts(page)).toHaveText(['Call Chloé', 'CHLOÉ’S BIRTHDAY cake'])
  await expect(status(page, /^2 of 3$/)).toBeVisible()
  await find(page).pressSequentially(' Cake')
  await expect(shownTexts(page)).toHaveText(['CHLOÉ’S BIRTHDAY cake'])
  await expect(status(page, /^1 of 3$/)).toBeVisible()

  await find(page).press('Escape')
  await expect(find(page)).toHaveValue('')
  await expect(shownTexts(page)).toHaveText(['Call Chloé', 'Buy oat milk', 'CHLOÉ’S BIRTHDAY cake'])
  await expect(status(page, / of 3$/)).toHaveCount(0)

  await find(page).fill('zebra')
  await expect(page.getByText('No task matches “zebra”.')).toBeVisible()
  await find(page).fill('')
  await expect(shownTexts(page)).toHaveCount(3)
})

test('each filter is kept in the URL: a reload and Back keep it; the counts count every task', async ({
  signedIn: page,
}) => {
  await addTasks(page, 'Open one', 'Open two', 'Done one')
  await finish(page, 'Done one')
  await expect(filter(page, 'All')).toHaveAccessibleName('All 3')
  await expect(filter(page, 'All')).toHaveAttribute('aria-current', 'page')

  await filter(page, 'Open').click()
  await expect(page).toHaveURL(/\/todo\/#\/open$/)
  await expect(shownTexts(page)).toHaveText(['Open one', 'Open two'])
  await expect(filter(page, 'Open')).toHaveAttribute('aria-current', 'page')
  await expect(filter(page, 'Finished')).toHaveAccessibleName('Finished 1')
  await expect(status(page, /^2 open$/)).toBeVisible()
  await page.reload()
  await expect(shownTexts(page)).toHaveText(['Open one', 'Open two'])
  await expect(filter(page, 'Open')).toHaveAttribute('aria-current', 'page')

  await filter(page, 'Finished').click()
  await expect(page).toHaveURL(/#\/finished$/)
  await expect(shownTexts(page)).toHaveText(['Done one'])
  await expect(page.getByRole('button', { name: 'Clear finished' })).toBeVisible()
  await page.reload()
  await expect(shownTexts(page)).toHaveText(['Done one'])

  await page.goBack()
  await expect(page).toHaveURL(/#\/open$/)
  await expect(shownTexts(page)).toHaveText(['Open one', 'Open two'])
  await page.goBack()
  await expect(page).toHaveURL(/\/todo\/$/)
  await expect(shownTexts(page)).toHaveText(['Open one', 'Open two', 'Done one'])
  await expect(filter(page, 'All')).toHaveAttribute('aria-current', 'page')
  await page.goForward()
  await expect(shownTexts(page)).toHaveText(['Open one', 'Open two'])
})

test('a task added or changed out of view is said, and Show all brings it back into view', async ({
  signedIn: page,
}) => {
  await addTasks(page, 'Buy oat milk', 'Call the plumber')
  await find(page).fill('milk')
  await taskInput(page).fill('Eggs')
  await taskInput(page).press('Enter')
  const added = status(page, 'Added “Eggs”: hidden by your search.')
  await expect(added).toBeVisible()
  await expect(shownTexts(page)).toHaveText(['Buy oat milk'])
  await added.getByRole('button', { name: 'Show all' }).click()
  await expect(find(page)).toHaveValue('')
  await expect(find(page)).toBeFocused()
  await expect(shownTexts(page)).toHaveText(['Buy oat milk', 'Call the plumber', 'Eggs'])
  await expect(row(page, 'Eggs')).toBeInViewport()
  await expect(page.getByText(/hidden by/)).toHaveCount(0)

  await filter(page, 'Open').click()
  await row(page, 'Buy oat milk').getByRole('button', { name: 'Mark as complete' }).click()
  await expect(status(page, 'Changed “Buy oat milk”: hidden by the Open filter.')).toBeVisible()
  await expect(shownTexts(page)).toHaveText(['Call the plumber', 'Eggs'])
})

test('find-in-page covers the tasks that Find and the filter show, in a windowed list', async ({
  page,
  person,
}) => {
  const COUNT = 600
  const text = (n: number) => `Errand ${String(n)} ${n % 2 === 0 ? 'even' : 'odd'}`
  await page.goto('./#/open')
  await signIn(page, person)
  // Stored once the list is open, as longList.spec.ts does: they arrive live.
  await seedList(person.email, { count: COUNT, text, finishedFrom: 500 })
  await expect(filter(page, 'All')).toHaveAccessibleName(`All ${String(COUNT)}`)
  await find(page).fill('even')
  // 250 open even tasks: still a windowed list.
  await expect(status(page, /^250 of 500$/)).toBeVisible()
  await expect(taskRows(page).first()).toHaveAttribute('aria-setsize', '250')
  // The rows not drawn are in the page as text hidden until found: those shown, and no other.
  const list = page.getByRole('list', { name: 'Tasks' })
  await expect(list.locator('li.task-hidden-text').last()).toContainText(text(402))
  expect(await row(page, text(402)).count()).toBe(0)
  await expect(list).not.toContainText(text(401))
  await expect(list).not.toContainText(text(502))
  await findInPage(page, text(402))
  await expect(row(page, text(402))).toBeInViewport()
  await expect(row(page, text(402))).toHaveAttribute('aria-posinset', '201')
})

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} colour scheme`, () => {
    test.use({ colorScheme })

    test('Find, its count, the filters and a hidden task said: no WCAG 2.1 AA violations', async ({
      signedIn: page,
    }) => {
      await addTasks(page, 'Buy oat milk', 'Call Chloé', 'Write the report')
      await finish(page, 'Write the report')
      expect(await axeViolations(page)).toEqual([])
      await filter(page, 'Open').click()
      await find(page).fill('chloe')
      await taskInput(page).fill('Eggs')
      await taskInput(page).press('Enter')
      await expect(status(page, /hidden by your search/)).toBeVisible()
      await expect(status(page, /^1 of 3$/)).toBeVisible()
      await page.screenshot({ path: `test-results/screens/find-${colorScheme}.png` })
      expect(await axeViolations(page)).toEqual([])
      await find(page).fill('zebra')
      await expect(page.getByText('No open task matches “zebra”.')).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  })
}
