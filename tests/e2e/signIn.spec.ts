import { addTasks, expect, newPerson, signIn, test } from './fixtures'

test.describe('sign-in through the real popup', () => {
  test('signed out: the prompt, Login now and the empty list', async ({ page }) => {
    await page.goto('./')
    await expect(page.getByText('Plese login to save tasks')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
    await expect(page.getByText('No tasks have been added yet')).toBeVisible()
  })

  test('signs in, greets by name with the round picture titled Log Out, and remembers the e-mail', async ({
    page,
  }) => {
    const person = newPerson()
    await page.goto('./')
    await signIn(page, person)

    const logOut = page.getByRole('button', { name: 'Log Out' })
    await expect(logOut).toBeVisible()
    await expect(page.getByTitle('Log Out')).toHaveCSS('border-radius', '50%')
    expect(await page.evaluate(() => sessionStorage.getItem('userEmail'))).toBe(person.email)
    await page.screenshot({ path: 'test-results/screens/signed-in.png' })

    // A reload restores the session from IndexedDB with no popup, and the e-mail with it.
    await page.evaluate(() => {
      sessionStorage.clear()
    })
    await page.reload()
    await expect(page.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('userEmail')))
      .toBe(person.email)
  })

  test('Log Out signs out, clears the e-mail and logs "Signed out successfully"', async ({
    page,
    consoleMessages,
  }) => {
    await page.goto('./')
    await signIn(page, newPerson())
    await addTasks(page, 'Private task')
    await page.getByRole('button', { name: 'Log Out' }).click()
    await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
    await expect(page.getByText('No tasks have been added yet')).toBeVisible()
    await expect(page.getByText('Private task').filter({ visible: true })).toHaveCount(0)
    expect(await page.evaluate(() => sessionStorage.getItem('userEmail'))).toBeNull()
    expect(consoleMessages).toContain('Signed out successfully')
    await page.screenshot({ path: 'test-results/screens/signed-out.png' })
  })

  // Known defect: the polite announcement "Added: <task>" outlives Log Out, so the next
  // person at the computer can read the last task in the page's text. Remove `fail` once
  // TasksPage forgets what it said when the signed-in user changes.
  test.fail(
    'after Log Out, no text of the last user’s tasks is left in the page',
    async ({ page }) => {
      await page.goto('./')
      await signIn(page, newPerson())
      await addTasks(page, 'Private task')
      await page.getByRole('button', { name: 'Log Out' }).click()
      await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
      await expect(page.getByText('Private task')).toHaveCount(0, { timeout: 2000 })
    },
  )
})
