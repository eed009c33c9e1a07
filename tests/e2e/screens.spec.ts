import { addTasks, expect, row, rowButton, test } from './fixtures'

// Screenshots to look at (test-results/screens/): a list with open and finished tasks, and
// the Undo bar, at 360 and 1280 px, light and dark.

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [360, 1280]) {
    test.describe(`${colorScheme}, ${String(width)} px`, () => {
      // No confetti in the pictures.
      test.use({ colorScheme, viewport: { width, height: 740 }, reducedMotion: 'reduce' })

      test('a list with open and finished tasks, then the Undo bar', async ({ signedIn: page }) => {
        const name = (what: string) =>
          `test-results/screens/${String(width)}-${colorScheme}-${what}.png`
        await addTasks(
          page,
          'Buy oat milk',
          'Write the quarterly report and send it to the whole team before the board meets',
          'Call the plumber',
          'Book the dentist',
        )
        for (const done of ['Buy oat milk', 'Book the dentist']) {
          await row(page, done).getByRole('button', { name: 'Mark as complete' }).click()
          await expect(row(page, done)).toHaveClass(/finished/)
        }
        await page.mouse.move(0, 0)
        await page.screenshot({ path: name('list') })

        await (await rowButton(page, 'Call the plumber', 'Delete')).click()
        await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible()
        await page.mouse.move(0, 0)
        await page.screenshot({ path: name('undo') })
      })
    })
  }
}
