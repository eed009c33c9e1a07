import { addTasks, expect, row, rowButton, signIn, test } from './fixtures'
import { axeViolations } from './support/pageChecks'

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} colour scheme`, () => {
    test.use({ colorScheme })

    test('signed out: no WCAG 2.1 AA violations', async ({ page }) => {
      await page.goto('./')
      await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })

    test('signed in with open and finished tasks, and with the dialog open: no violations', async ({
      signedIn: page,
    }) => {
      await addTasks(page, 'Buy oat milk', 'Write the quarterly report', 'Call the plumber')
      await row(page, 'Buy oat milk').getByRole('button', { name: 'Mark as complete' }).click()
      await expect(
        row(page, 'Buy oat milk').getByRole('button', { name: 'Mark as incomplete' }),
      ).toBeVisible()
      expect(await axeViolations(page)).toEqual([])

      await row(page, 'Call the plumber').getByRole('button', { name: 'Edit' }).click()
      await expect(page.getByRole('dialog', { name: 'Edit Task' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  })
}

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the row’s More actions menu answers the arrow keys, and has no violations', async ({
    signedIn: page,
  }) => {
    await addTasks(page, 'Buy oat milk', 'Call the plumber')
    const more = row(page, 'Buy oat milk').getByRole('button', { name: 'More actions' })
    const menu = row(page, 'Buy oat milk').getByRole('menu', { name: 'More actions' })
    const item = (name: string) => menu.getByRole('menuitem', { name })
    await more.focus()
    await page.keyboard.press('ArrowDown')
    await expect(item('Edit')).toBeFocused()
    await expect(more).toHaveAttribute('aria-expanded', 'true')
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('ArrowDown')
    await expect(item('Move down')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(item('Delete')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(item('Edit')).toBeFocused()
    await page.keyboard.press('End')
    await expect(item('Delete')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(more).toBeFocused()
    await expect(menu).toBeHidden()

    await page.keyboard.press('ArrowUp')
    await expect(item('Delete')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(menu).toBeHidden()
    await expect(row(page, 'Buy oat milk').getByRole('button', { name: 'Reorder' })).toBeFocused()

    await more.press('Enter')
    await expect(item('Edit')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Edit Task' })).toBeVisible()
  })
})

test.describe('screenshots', () => {
  for (const width of [360, 1280]) {
    test(`main states at ${String(width)} px`, async ({ page, person }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('./')
      await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
      await page.screenshot({ path: `test-results/screens/${String(width)}-signed-out.png` })
      await signIn(page, person)
      await addTasks(
        page,
        'Buy oat milk',
        'Write the quarterly report and send it to the whole team before the board meets',
        'Call the plumber',
      )
      await row(page, 'Buy oat milk').getByRole('button', { name: 'Mark as complete' }).click()
      await expect(
        row(page, 'Buy oat milk').getByRole('button', { name: 'Mark as incomplete' }),
      ).toBeVisible()
      await page.screenshot({ path: `test-results/screens/${String(width)}-signed-in.png` })
      await (await rowButton(page, 'Call the plumber', 'Edit')).click()
      await expect(
        page.getByRole('dialog', { name: 'Edit Task' }).getByRole('textbox', { name: 'Task' }),
      ).toBeFocused()
      await page.screenshot({ path: `test-results/screens/${String(width)}-dialog.png` })
    })
  }
})
