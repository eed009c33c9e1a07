import {
  addTasks,
  expect,
  newPerson,
  row,
  rowTexts,
  signIn,
  syncLine,
  taskInput,
  test,
} from './fixtures'
import { FIRESTORE, storedDocumentsOf, storedTasksOf, tasksQuery } from './support/backend'
import { idTokenOn } from './support/account'
import { newDevice } from './support/devices'
import { WRITE_CHANNEL } from './support/network'

test('signed out, adding writes nothing to the database', async ({ page }) => {
  const writes: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/google.firestore.v1.Firestore/Write/')) writes.push(request.url())
  })
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
  expect(writes).toEqual([])
})

test('the list is stored as shown, and a reload shows the same list in the same order', async ({
  signedIn: page,
  person,
  request,
}) => {
  await addTasks(page, 'One', 'Two', 'Three', 'Four')
  await row(page, 'Two').getByRole('button', { name: 'Mark as complete' }).click()
  await row(page, 'Three').getByRole('button', { name: 'Edit' }).click()
  await page
    .getByRole('dialog', { name: 'Edit Task' })
    .getByRole('textbox', { name: 'Task' })
    .fill('Three, edited')
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
  // As stored: exactly this app's fields (a rank only once a move needs one).
  for (const { data } of await storedDocumentsOf(request, person.email)) {
    expect(Object.keys(data).sort()).toEqual(['email', 'isFinished', 'order', 'task'])
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
  const context = await newDevice(browser)
  const otherPage = await context.newPage()
  await otherPage.goto('./')
  await signIn(otherPage, other)
  await expect(otherPage.getByText('No tasks have been added yet')).toBeVisible()
  await addTasks(otherPage, 'Grace’s own')
  await page.reload()
  await expect(row(page, 'Ada’s secret')).toBeVisible()
  expect(await rowTexts(page)).toEqual(['Ada’s secret'])

  // Grace's own token, asking for Ada's tasks: the rules refuse it.
  const authorization = `Bearer ${await idTokenOn(otherPage)}`
  expect(authorization).toMatch(/^Bearer ey/)
  const crafted = await request.post(
    `${FIRESTORE}/v1/projects/demo-todo/databases/(default)/documents:runQuery`,
    {
      headers: { authorization, 'content-type': 'application/json' },
      data: { structuredQuery: tasksQuery(person.email) },
    },
  )
  expect(crafted.status()).toBe(403)
  await context.close()
})

test('503s and dropped requests on the write channel are no failure: no message, nothing undone, all sent once the server answers', async ({
  signedIn: page,
  consoleMessages,
  person,
  request,
}) => {
  test.slow() // it waits out the SDK's backoff, up to a minute
  await addTasks(page, 'Stays', 'Goes')
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task))
    .toEqual(['Stays', 'Goes'])
  // Every request of the write channel fails: a 503, or the connection drops, in turn.
  let failed = 0
  await page.route(WRITE_CHANNEL, (route) =>
    failed++ % 2 === 0
      ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'Unavailable' })
      : route.abort('connectionreset'),
  )
  await addTasks(page, 'Added while failing')
  await row(page, 'Stays').getByRole('button', { name: 'Mark as complete' }).click()
  await row(page, 'Goes').getByRole('button', { name: 'Delete' }).click()
  await expect.poll(() => failed).toBeGreaterThan(2)
  await expect(syncLine(page)).toHaveText('Saving…')
  expect(await rowTexts(page)).toEqual(['Added while failing', 'Stays'])
  await expect(row(page, 'Stays').getByRole('button', { name: 'Mark as incomplete' })).toBeVisible()

  // The server answers again: the SDK's own retries deliver every change.
  await page.unroute(WRITE_CHANNEL)
  await expect
    .poll(
      async () =>
        (await storedTasksOf(request, person.email)).map((task) => [task.task, task.isFinished]),
      { timeout: 90_000 },
    )
    .toEqual([
      ['Added while failing', false],
      ['Stays', true],
    ])
  await expect(syncLine(page)).toBeEmpty()
  expect(
    consoleMessages.filter((text) => /^Error (adding|updating|deleting) document/.test(text)),
  ).toEqual([])
  expect(await rowTexts(page)).toEqual(['Added while failing', 'Stays'])
})
