import type { Locator, Page } from '@playwright/test'
import {
  addTasks,
  expect,
  row,
  rowButton,
  rowTexts,
  signIn,
  taskInput,
  taskRows,
  test,
} from './fixtures'
import type { Person } from './fixtures'
import { seedList, storedTasksOf } from './support/backend'
import { axeViolations } from './support/pageChecks'

// Safe at the fingertips: no accidental double ticks, Undo for Delete, a new task in view,
// focus where the hand goes next, and Login now that never plays dead.

const text = (n: number) => `Task ${String(n)}`

async function signInWithTasks(page: Page, person: Person, n: number) {
  await seedList(person.email, { count: n, text })
  await page.goto('./')
  await signIn(page, person)
  await expect(taskRows(page)).toHaveCount(n)
}

const toggle = (item: Locator) => item.getByRole('button', { name: /^Mark as (in)?complete$/ })
const finished = (page: Page) => page.getByRole('button', { name: 'Mark as incomplete' })

test.describe('a second click on a row that slid under the pointer', () => {
  test('a double click on a toggle finishes one task', async ({ page, person }) => {
    await signInWithTasks(page, person, 12)
    await toggle(row(page, 'Task 10')).dblclick()
    await expect(finished(page)).toHaveCount(1)
    await expect(
      row(page, 'Task 10').getByRole('button', { name: 'Mark as incomplete' }),
    ).toBeVisible()
    await expect(toggle(row(page, 'Task 11'))).toHaveAttribute('aria-pressed', 'false')
  })

  test('two clicks 150 ms apart at one spot (a double click to the browser) finish one task', async ({
    page,
    person,
  }) => {
    await signInWithTasks(page, person, 8)
    const box = await toggle(row(page, 'Task 5')).boundingBox()
    if (!box) throw new Error('no toggle')
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    await page.mouse.move(x, y)
    await page.mouse.down({ clickCount: 1 })
    await page.mouse.up({ clickCount: 1 })
    await page.waitForTimeout(150) // the interval of the reported mistake
    await page.mouse.down({ clickCount: 2 })
    await page.mouse.up({ clickCount: 2 })
    await expect(
      row(page, 'Task 5').getByRole('button', { name: 'Mark as incomplete' }),
    ).toBeVisible()
    expect(await rowTexts(page)).toEqual([...[1, 2, 3, 4, 6, 7, 8].map(text), 'Task 5'])
    await expect(finished(page)).toHaveCount(1)
  })
})

test.describe('Undo after Delete', () => {
  test('restores text, state and position, and the server holds it again', async ({
    signedIn: page,
    person,
    request,
  }) => {
    await addTasks(page, 'Buy oat milk', 'Write the report', 'Call the plumber')
    await toggle(row(page, 'Write the report')).click()
    await expect(row(page, 'Write the report')).toHaveClass(/finished/)
    // The server has all three, the finished one finished, before anything is deleted.
    await expect
      .poll(async () => (await storedTasksOf(request, person.email)).map((t) => t.isFinished))
      .toEqual([false, false, true])
    const before = await storedTasksOf(request, person.email)

    await row(page, 'Write the report').getByRole('button', { name: 'Delete' }).click()
    expect(await rowTexts(page)).toEqual(['Buy oat milk', 'Call the plumber'])
    const bar = page.getByRole('status').filter({ hasText: 'Task deleted.' })
    await expect(bar).toHaveText('Task deleted. Undo')
    // Focus holds the bar (its time stops), however long the server takes to show the delete.
    await bar.getByRole('button', { name: 'Undo' }).focus()
    await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(2)

    await bar.getByRole('button', { name: 'Undo' }).click()
    expect(await rowTexts(page)).toEqual(['Buy oat milk', 'Call the plumber', 'Write the report'])
    await expect(row(page, 'Write the report')).toHaveClass(/finished/)
    await expect(toggle(row(page, 'Write the report'))).toBeFocused()
    await expect(bar).toHaveCount(0)
    await expect.poll(() => storedTasksOf(request, person.email)).toEqual(before)

    await page.reload()
    await expect(row(page, 'Write the report')).toHaveClass(/finished/)
    expect(await rowTexts(page)).toEqual(['Buy oat milk', 'Call the plumber', 'Write the report'])
  })

  test('keyboard only: Tab reaches Undo after the list, and Ctrl+Z works from the rows', async ({
    signedIn: page,
  }) => {
    await addTasks(page, 'One', 'Two', 'Three')
    await row(page, 'Three').getByRole('button', { name: 'Delete' }).focus()
    await page.keyboard.press('Enter')
    await expect(toggle(row(page, 'Two'))).toBeFocused()
    // Two's Edit, Delete, Reorder, then Undo.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused()
    await page.keyboard.press('Enter')
    expect(await rowTexts(page)).toEqual(['One', 'Two', 'Three'])

    await row(page, 'One').getByRole('button', { name: 'Delete' }).focus()
    await page.keyboard.press('Enter')
    await row(page, 'Two').getByRole('button', { name: 'Delete' }).focus()
    await page.keyboard.press('Enter')
    expect(await rowTexts(page)).toEqual(['Three'])
    await page.keyboard.press('Control+z')
    expect(await rowTexts(page)).toEqual(['Two', 'Three'])
  })

  test('the bar never covers the input or, scrolled to the end, the last row', async ({
    page,
    person,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await signInWithTasks(page, person, 30)
    await (await rowButton(page, 'Task 7', 'Delete')).click()
    const bar = page.locator('.undo-content')
    await expect(bar).toBeVisible()
    const overlaps = async (other: Locator) => {
      const [a, b] = await Promise.all([bar.boundingBox(), other.boundingBox()])
      if (!a || !b) throw new Error('not laid out')
      return a.y < b.y + b.height && b.y < a.y + a.height
    }
    expect(await overlaps(taskInput(page))).toBe(false)
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight)
    })
    await expect(taskRows(page).last()).toBeInViewport()
    expect(await overlaps(taskRows(page).last())).toBe(false)
    await page.screenshot({ path: 'test-results/screens/360-undo-scrolled.png' })
  })
})

test('on a phone, the menu of a row at the bottom of the screen opens above it, every item on screen', async ({
  page,
  person,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signInWithTasks(page, person, 30)
  // The last row wholly on screen, its bottom near the screen's.
  const last = await page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('.task')]
    const shown = rows.filter((item) => item.getBoundingClientRect().bottom <= window.innerHeight)
    return shown.at(-1)?.querySelector('.task-text')?.textContent ?? ''
  })
  await row(page, last).getByRole('button', { name: 'More actions' }).click()
  const items = page.getByRole('menuitem')
  await expect(items.first()).toBeFocused()
  for (const box of await Promise.all((await items.all()).map((item) => item.boundingBox()))) {
    expect(box && box.y >= 0 && box.y + box.height <= 740).toBe(true)
  }
  await (await rowButton(page, last, 'Delete')).click()
  await expect(row(page, last)).toHaveCount(0)
})

test('a new task in a 50-task list is brought into view and announced', async ({
  page,
  person,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInWithTasks(page, person, 50)
  await taskInput(page).fill('The new one')
  await taskInput(page).press('Enter')
  await expect(row(page, 'The new one')).toBeInViewport()
  await expect(page.getByRole('status').filter({ hasText: 'Added: The new one' })).toHaveCount(1)
  await expect(taskInput(page)).toBeFocused()
  expect((await rowTexts(page)).at(-1)).toBe('The new one')
})

test('focus after Delete: the next row’s toggle, else the previous row’s, else the input', async ({
  signedIn: page,
}) => {
  await addTasks(page, 'One', 'Two', 'Three')
  await row(page, 'One').getByRole('button', { name: 'Delete' }).click()
  await expect(toggle(row(page, 'Two'))).toBeFocused()
  await row(page, 'Three').getByRole('button', { name: 'Delete' }).click()
  await expect(toggle(row(page, 'Two'))).toBeFocused()
  await row(page, 'Two').getByRole('button', { name: 'Delete' }).click()
  await expect(taskInput(page)).toBeFocused()
})

test.describe('Login now', () => {
  test('is busy while the popup is open, and usable within 1 s of closing it', async ({ page }) => {
    await page.goto('./')
    const login = page.getByRole('button', { name: 'Login now' })
    await expect(login).toHaveAttribute('aria-busy', 'false')
    const [popup] = await Promise.all([page.waitForEvent('popup'), login.click()])
    await expect(login).toHaveAttribute('aria-busy', 'true')
    await expect(login).toHaveAttribute('aria-disabled', 'true')
    await popup.waitForLoadState('domcontentloaded')
    await popup.close()
    await expect(login).toHaveAttribute('aria-busy', 'false', { timeout: 1000 })
    await expect(login).toHaveAttribute('aria-disabled', 'false')
    // It works: a new popup opens at once.
    const [again] = await Promise.all([page.waitForEvent('popup'), login.click()])
    await again.close()
  })

  test('a blocked popup says so beside the button; the console has the spec’s message', async ({
    page,
    consoleMessages,
  }) => {
    // What a popup blocker does: window.open gives no window.
    await page.addInitScript(() => {
      window.open = () => null
    })
    await page.goto('./')
    await page.getByRole('button', { name: 'Login now' }).click()
    await expect(page.getByRole('banner').getByRole('status').nth(1)).toHaveText(
      'Sign-in failed: the browser blocked its window. Allow pop-ups here and try again.',
    )
    await expect(page.getByRole('button', { name: 'Login now' })).toHaveAttribute(
      'aria-busy',
      'false',
    )
    expect(consoleMessages.some((message) => message.startsWith('Error during sign-in:'))).toBe(
      true,
    )
  })
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`${colorScheme}: the Undo bar and a failed sign-in’s message pass axe (WCAG 2.1 AA)`, async ({
    browser,
    signedIn: page,
  }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await addTasks(page, 'One', 'Two')
    await row(page, 'One').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    const context = await browser.newContext({ colorScheme })
    const other = await context.newPage()
    await other.addInitScript(() => {
      window.open = () => null
    })
    await other.goto('./')
    await other.getByRole('button', { name: 'Login now' }).click()
    await expect(other.getByText(/^Sign-in failed/)).toBeVisible()
    expect(await axeViolations(other)).toEqual([])
    await context.close()
  })
}
