import type { APIRequestContext } from '@playwright/test'
import { addTasks, expect, newPerson, row, rowTexts, test } from './fixtures'
import { storedTasksOf } from './support/backend'
import { awayAndBack, device } from './support/devices'

// Two browser contexts are two devices of one person: a laptop and a phone. The second signs
// in as the existing account, picked in the Auth emulator's popup. Each has its own clock, so
// time can pass for one of them (away from the page, or offline for an hour).

// Two devices each sign in through the popup: more steps than a one-page test.
test.slow()

/** What the server holds of each task, in list order: its text and whether it is finished. */
const storedStates = async (request: APIRequestContext, email: string) =>
  (await storedTasksOf(request, email)).map(({ task, isFinished }) => ({ task, isFinished }))

test('the laptop edits, the phone (stale) ticks it off: both changes stay, on the server and on both', async ({
  browser,
  request,
}) => {
  const person = newPerson('Two Devices')
  const laptop = await device(browser, person)
  await addTasks(laptop.page, 'Email Alex', 'Keep')
  await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(2)

  const phone = await device(browser, person)
  await expect(row(phone.page, 'Email Alex')).toBeVisible()

  await row(laptop.page, 'Email Alex').getByRole('button', { name: 'Edit' }).click()
  const dialog = laptop.page.getByRole('dialog', { name: 'Edit Task' })
  await expect(dialog.getByRole('textbox')).toBeFocused()
  await dialog.getByRole('textbox').fill('Email Alex about the contract')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task))
    .toContain('Email Alex about the contract')

  // The phone still shows the old text, and ticks the task off.
  await row(phone.page, 'Email Alex').getByRole('button', { name: 'Mark as complete' }).click()
  await expect
    .poll(() => storedStates(request, person.email))
    .toEqual([
      { task: 'Keep', isFinished: false },
      { task: 'Email Alex about the contract', isFinished: true },
    ])

  for (const { context, page } of [laptop, phone]) {
    await awayAndBack(context, page, 2)
    await expect(row(page, 'Email Alex about the contract')).toHaveClass(/finished/)
    expect(await rowTexts(page)).toEqual(['Keep', 'Email Alex about the contract'])
  }
  await laptop.context.close()
  await phone.context.close()
})

test('back to the tab after a while, the phone shows the task the laptop added, without a reload', async ({
  browser,
  request,
}) => {
  const person = newPerson('Returning')
  const laptop = await device(browser, person)
  const phone = await device(browser, person)
  await expect(phone.page.getByText('No tasks have been added yet')).toBeVisible()

  await addTasks(laptop.page, 'Added on the laptop')
  await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(1)

  // A glance away (a few seconds) loads nothing; a longer absence brings the list.
  await awayAndBack(phone.context, phone.page, 0.1)
  await expect(phone.page.getByText('No tasks have been added yet')).toBeVisible()
  await awayAndBack(phone.context, phone.page, 1)
  await expect(row(phone.page, 'Added on the laptop')).toBeVisible()
  // It arrives quietly: the page never said it was loading.
  await expect(phone.page.getByText('Loading your tasks…')).toHaveCount(0)
  await laptop.context.close()
  await phone.context.close()
})

test('offline for 70 minutes (every sign-in token expires), back online: every offline change reaches the server', async ({
  browser,
  request,
}) => {
  const person = newPerson('Long Flight')
  const { context, page } = await device(browser, person)
  await addTasks(page, 'Edit me', 'Finish me', 'Delete me')
  await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(3)

  // Offline. The database and the Auth emulator are also blocked by route: Chromium's offline
  // emulation has been seen to let a request through.
  const blocked = ['http://127.0.0.1:8080/**', 'http://127.0.0.1:9099/**']
  for (const url of blocked)
    await context.route(url, (route) => route.abort('internetdisconnected'))
  await context.setOffline(true)
  await addTasks(page, 'Added offline')
  await row(page, 'Finish me').getByRole('button', { name: 'Mark as complete' }).click()
  await row(page, 'Edit me').getByRole('button', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Task' })
  await expect(dialog.getByRole('textbox')).toBeFocused()
  await dialog.getByRole('textbox').fill('Edited offline')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await row(page, 'Delete me').getByRole('button', { name: 'Delete' }).click()
  const shown = ['Edited offline', 'Added offline', 'Finish me']
  expect(await rowTexts(page)).toEqual(shown)

  // An hour and ten minutes pass: the ID token expires, and the next attempt to send finds
  // that its refresh fails offline.
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await context.clock.fastForward('01:10:00')
  await expect
    .poll(() => errors.some((text) => text.includes('auth/network-request-failed')))
    .toBe(true)

  for (const url of blocked) await context.unroute(url)
  await context.setOffline(false)
  await expect
    .poll(() => storedStates(request, person.email))
    .toEqual([
      { task: 'Edited offline', isFinished: false },
      { task: 'Added offline', isFinished: false },
      { task: 'Finish me', isFinished: true },
    ])
  await page.reload()
  await expect(row(page, 'Added offline')).toBeVisible()
  expect(await rowTexts(page)).toEqual(shown)
  await context.close()
})
