import { addTasks, expect, newPerson, row, rowTexts, signIn, test } from './fixtures'
import { holdEntryScript, recordPaintedTexts } from './support/paintedTexts'

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
    expect(await rowTexts(page)).toEqual([])
    expect(await page.evaluate(() => sessionStorage.getItem('userEmail'))).toBeNull()
    expect(consoleMessages).toContain('Signed out successfully')
    await page.screenshot({ path: 'test-results/screens/signed-out.png' })
  })

  // The polite announcement "Added: <task>" is part of the page's text too.
  test('after Log Out, no text of the last user’s tasks is left in the page', async ({ page }) => {
    await page.goto('./')
    await signIn(page, newPerson())
    await addTasks(page, 'Private task')
    await page.getByRole('button', { name: 'Log Out' }).click()
    await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
    await expect(page.getByText('Private task')).toHaveCount(0, { timeout: 2000 })
  })
})

test.describe('before Auth has answered', () => {
  // The Auth chunk is held back below, which the service worker would serve from its cache.
  test.use({ serviceWorkers: 'block' })

  test('a returning user is told sign-in is being checked, and no list shows; signed out, the next visit says so at once', async ({
    signedIn: page,
    context,
    consoleMessages,
  }) => {
    await addTasks(page, 'First', 'Second')

    // Auth's check of the stored session never gets an answer.
    const authEmulator = 'http://127.0.0.1:9099/**'
    await context.route(authEmulator, () => undefined)
    await page.reload()
    await expect(page.getByRole('banner')).toContainText('Checking sign-in…')
    expect(await rowTexts(page)).toEqual([])
    // The prerendered page was hydrated, not replaced.
    expect(consoleMessages.filter((text) => /hydrat|minified react error/i.test(text))).toEqual([])

    await context.unroute(authEmulator)
    await page.reload()
    // Signed in first, then the list: a failure says which of the two never came.
    await expect(page.getByRole('banner')).toContainText('Welcome')
    await expect(row(page, 'Second')).toBeVisible()
    await page.getByRole('button', { name: 'Log Out' }).click()
    await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()

    // Signed out, the next visit paints what it will go on saying signed out, before the
    // Auth chunk has even been asked for (held back here).
    let authChunkRequested: () => void = () => undefined
    const requested = new Promise<void>((resolve) => {
      authChunkRequested = resolve
    })
    await page.route(/\/assets\/firebaseAuth-[^/]*\.js/, () => {
      authChunkRequested()
    })
    await page.reload()
    await requested
    await expect(page.getByRole('banner')).toContainText('Plese login to save tasks')
    expect(await rowTexts(page)).toEqual([])
    await expect(page.getByText('No tasks have been added yet')).toBeVisible()
  })

  test('a reload never paints the signed-out page for a signed-in person, and paints it at once for anyone else', async ({
    signedIn: page,
    person,
    consoleMessages,
  }) => {
    const painted = await recordPaintedTexts(page, '.account-widget')
    const SIGNED_OUT = /Plese login to save tasks|Login now/

    // The entry script waits until index.html's own first paint has been seen.
    let release = await holdEntryScript(page)
    await page.reload({ waitUntil: 'commit' })
    await expect.poll(painted).toEqual(['Checking sign-in…'])
    await release()
    await expect(page.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
    // The recorder reads in the frame after a change: it may be a frame behind the page.
    await expect
      .poll(async () => (await painted()).at(-1))
      .toContain(`Welcome, ${person.displayName}`)
    expect((await painted()).filter((text) => SIGNED_OUT.test(text))).toEqual([])
    expect(consoleMessages.filter((text) => /hydrat|minified react error/i.test(text))).toEqual([])

    await page.getByRole('button', { name: 'Log Out' }).click()
    await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
    release = await holdEntryScript(page)
    await page.reload({ waitUntil: 'commit' })
    await expect.poll(painted).toEqual(['Plese login to save tasks Login now'])
    await release()
    // Hydrated: the button has lost the first paint's class.
    await expect(page.getByRole('button', { name: 'Login now' })).toHaveClass('primary')
    expect(await painted()).toEqual(['Plese login to save tasks Login now'])
  })
})
