import { addTasks, expect, newPerson, row, rowTexts, signIn, taskInput, test } from './fixtures'
import { FIRESTORE, recordCommits, storedTasksOf, tasksQuery } from './support/backend'
import { routeGoogleOffline } from './support/offline-google'

test('signed out, adding writes nothing to the database', async ({ page }) => {
  const commits = recordCommits(page)
  await page.goto('./')
  const alerted = new Promise<void>((resolve) => {
    page.on('dialog', (dialog) => {
      void dialog.accept()
      resolve()
    })
  })
  await taskInput(page).fill('Sneaky task')
  await taskInput(page).press('Enter')
  await alerted
  await expect(page.getByText('No tasks have been added yet')).toBeVisible()
  expect(commits()).toBe(0)
})

test('the list is stored as shown, and a reload shows the same list in the same order', async ({
  signedIn: page,
  person,
  request,
}) => {
  await addTasks(page, 'One', 'Two', 'Three', 'Four')
  await row(page, 'Two').getByRole('button', { name: 'Mark as complete' }).click()
  await row(page, 'Three').getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('dialog', { name: 'Edit Task' }).getByRole('textbox').fill('Three, edited')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await row(page, 'Four').getByRole('button', { name: 'Delete' }).click()
  await row(page, 'Two').getByRole('button', { name: 'Mark as incomplete' }).click()
  await row(page, 'One').getByRole('button', { name: 'Mark as complete' }).click()
  const shown = ['Two', 'Three, edited', 'One']
  expect(await rowTexts(page)).toEqual(shown)

  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task))
    .toEqual(shown)
  const stored = await storedTasksOf(request, person.email)
  expect(stored.map(({ isFinished }) => isFinished)).toEqual([false, false, true])
  for (const task of stored) {
    expect(Object.keys(task).sort()).toEqual(['email', 'id', 'isFinished', 'order', 'task'])
  }

  await page.reload()
  await expect(page.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
  await expect(row(page, 'One')).toBeVisible()
  expect(await rowTexts(page)).toEqual(shown)
  await expect(row(page, 'One').locator('.task-text')).toHaveCSS(
    'text-decoration-line',
    'line-through',
  )
  expect(await page.evaluate(() => sessionStorage.getItem('userEmail'))).toBe(person.email)
})

test('a new tab of the same browser is signed in and can add', async ({
  signedIn: page,
  person,
  context,
  request,
}) => {
  await addTasks(page, 'From the first tab')
  const tab = await context.newPage()
  await tab.goto('./')
  await expect(tab.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
  await expect(row(tab, 'From the first tab')).toBeVisible()
  await addTasks(tab, 'From the second tab')
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task))
    .toEqual(['From the first tab', 'From the second tab'])
})

test('two people in two browsers each see only their own tasks; a crafted query is refused', async ({
  signedIn: page,
  person,
  browser,
  request,
}) => {
  await addTasks(page, 'Ada’s secret')
  const other = newPerson('Grace Hopper')
  const context = await browser.newContext()
  await routeGoogleOffline(context)
  const otherPage = await context.newPage()
  await otherPage.goto('./')
  await signIn(otherPage, other)
  await expect(otherPage.getByText('No tasks have been added yet')).toBeVisible()
  await addTasks(otherPage, 'Grace’s own')
  await page.reload()
  await expect(row(page, 'Ada’s secret')).toBeVisible()
  expect(await rowTexts(page)).toEqual(['Ada’s secret'])

  // Grace's own token, asking for Ada's tasks: the backend's rules refuse it.
  const query = otherPage.waitForRequest((req) => req.url().includes('documents:runQuery'))
  await otherPage.reload()
  const authorization = (await query).headers().authorization ?? ''
  expect(authorization).toMatch(/^Bearer /)
  const crafted = await request.post(
    `${FIRESTORE}/v1/projects/demo-todo/databases/(default)/documents:runQuery`,
    {
      headers: { authorization, 'content-type': 'text/plain' },
      data: JSON.stringify({
        structuredQuery: tasksQuery(person.email),
      }),
    },
  )
  expect(crafted.status()).toBe(403)
  await context.close()
})

test('failed writes log the spec messages, are not rolled back, and are sent once the server is back', async ({
  signedIn: page,
  consoleMessages,
  person,
  request,
}) => {
  test.slow() // it may wait out a whole backoff
  await addTasks(page, 'Stays', 'Goes')
  // Both are on the server before it starts failing: their changes below are an update and a
  // delete (were the adds still waiting, the changes would merge into them).
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task))
    .toEqual(['Stays', 'Goes'])
  await page.route('**/documents:commit*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 503, message: 'Unavailable', status: 'UNAVAILABLE' } }),
    }),
  )
  await addTasks(page, 'Added offline')
  await row(page, 'Stays').getByRole('button', { name: 'Mark as complete' }).click()
  await row(page, 'Goes').getByRole('button', { name: 'Delete' }).click()
  // Each failed attempt logs its message; retries may interleave, so check that each appears.
  const failureMessages = () =>
    new Set(
      consoleMessages.map((text) => /^Error (adding|updating|deleting) document/.exec(text)?.[0]),
    )
  await expect
    .poll(() =>
      ['Error adding document', 'Error updating document', 'Error deleting document'].filter(
        (message) => failureMessages().has(message),
      ),
    )
    .toEqual(['Error adding document', 'Error updating document', 'Error deleting document'])
  expect(await rowTexts(page)).toEqual(['Added offline', 'Stays'])
  await expect(row(page, 'Stays').getByRole('button', { name: 'Mark as incomplete' })).toBeVisible()

  // The server answers again: the retries (1 s, 2 s, … with jitter) deliver every change. How
  // far the backoff has grown depends on the machine's pace; it never waits over 60 s.
  await page.unroute('**/documents:commit*')
  await expect
    .poll(
      async () =>
        (await storedTasksOf(request, person.email)).map((task) => [task.task, task.isFinished]),
      { timeout: 65_000 },
    )
    .toEqual([
      ['Added offline', false],
      ['Stays', true],
    ])
})
