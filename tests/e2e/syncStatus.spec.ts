import type { Page } from '@playwright/test'
import { addTasks, expect, newPerson, row, rowTexts, test } from './fixtures'
import { storedTasksOf } from './support/backend'
import { awayAndBack, device } from './support/devices'

// What the page says about saving, and how a refresh from the server leaves the person alone.

const OFFLINE = 'Offline: changes are kept on this device and will be sent'
const syncLine = (page: Page) => page.locator('.sync-status')

test.describe('the sync status line', () => {
  test('offline with a change waiting, it says the change is kept and will be sent', async ({
    signedIn: page,
    context,
    person,
    request,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await addTasks(page, 'Saved online', 'Finished online')
    await row(page, 'Finished online').getByRole('button', { name: 'Mark as complete' }).click()
    await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(2)
    await expect(syncLine(page)).toBeEmpty()

    // The database is blocked by route too: Chromium's offline emulation has let requests by.
    const database = 'http://127.0.0.1:8080/**'
    await context.route(database, (route) => route.abort('internetdisconnected'))
    await context.setOffline(true)
    await addTasks(page, 'Made offline')
    await expect(syncLine(page)).toHaveText(OFFLINE)
    await expect(syncLine(page)).toHaveAttribute('role', 'status')
    await expect(page.getByRole('alert')).toHaveCount(0)

    for (const width of [360, 1280]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 740 })
        await page.emulateMedia({ colorScheme })
        await page.mouse.move(0, 0)
        await page.screenshot({
          path: `test-results/screens/${String(width)}-${colorScheme}-offline.png`,
        })
      }
    }

    await context.unroute(database)
    await context.setOffline(false)
    await expect(syncLine(page)).toBeEmpty()
    await expect
      .poll(async () => (await storedTasksOf(request, person.email)).map(({ task }) => task))
      .toContain('Made offline')
  })

  test('a write that takes over a second says "Saving…" until it is done', async ({
    signedIn: page,
    context,
  }) => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let commits = 0
    await context.route('http://127.0.0.1:8080/**', async (route) => {
      if (route.request().url().includes(':commit')) {
        commits++
        await held
      }
      await route.continue()
    })
    await addTasks(page, 'Slow to save')
    await expect.poll(() => commits).toBe(1)
    await expect(syncLine(page)).toHaveText('Saving…')
    release()
    await expect(syncLine(page)).toBeEmpty()
  })
})

test.describe('two devices of one person', () => {
  test.slow()

  test('a change to a task deleted elsewhere says "Not saved: …", and the row goes', async ({
    browser,
    request,
  }) => {
    const person = newPerson('Refused')
    const laptop = await device(browser, person)
    await addTasks(laptop.page, 'Call Bob', 'Keep')
    await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(2)
    const phone = await device(browser, person)
    await expect(row(phone.page, 'Call Bob')).toBeVisible()

    await row(laptop.page, 'Call Bob').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(1)

    // The phone has not looked again, and ticks it off.
    await row(phone.page, 'Call Bob').getByRole('button', { name: 'Mark as complete' }).click()
    await expect(syncLine(phone.page)).toHaveText(
      'Not saved: the task was deleted on another device, or is no longer yours',
    )
    await expect(phone.page.getByRole('alert')).toHaveCount(0)
    await expect.poll(() => rowTexts(phone.page)).toEqual(['Keep'])
    expect((await storedTasksOf(request, person.email)).map(({ task }) => task)).toEqual(['Keep'])
    await laptop.context.close()
    await phone.context.close()
  })

  test('a refresh on return leaves the person alone: dialog and draft, focus, scroll; a task deleted elsewhere says so in its dialog', async ({
    browser,
    request,
  }) => {
    const person = newPerson('Undisturbed')
    const laptop = await device(browser, person)
    await laptop.page.setViewportSize({ width: 1280, height: 600 })
    const texts = Array.from({ length: 24 }, (_, i) => `Task ${String(i + 1).padStart(2, '0')}`)
    await addTasks(laptop.page, ...texts)
    await expect
      .poll(async () => (await storedTasksOf(request, person.email)).length)
      .toBe(texts.length)

    const phone = await device(browser, person)
    const { page } = phone
    await page.setViewportSize({ width: 360, height: 600 })
    await expect(row(page, 'Task 24')).toBeVisible()
    // Scrolled down, focus on Task 15's Edit button.
    await row(page, 'Task 15').getByRole('button', { name: 'Edit' }).focus()
    await row(page, 'Task 15').scrollIntoViewIfNeeded()
    const topBefore = await row(page, 'Task 15').evaluate(
      (item) => item.getBoundingClientRect().top,
    )

    // Meanwhile the laptop finishes Task 02, adds one and deletes Task 20.
    await row(laptop.page, 'Task 02').getByRole('button', { name: 'Mark as complete' }).click()
    await addTasks(laptop.page, 'From the laptop')
    await row(laptop.page, 'Task 20').getByRole('button', { name: 'Delete' }).click()
    await expect
      .poll(async () => (await storedTasksOf(request, person.email)).map(({ task }) => task))
      .toContain('From the laptop')

    await awayAndBack(phone.context, page, 2)
    await expect(row(page, 'From the laptop')).toBeAttached()
    await expect(row(page, 'Task 20')).toHaveCount(0)
    await expect(page.getByText('Loading your tasks…')).toHaveCount(0)
    await expect(page.locator('canvas')).toHaveCount(0)
    await expect(row(page, 'Task 15').getByRole('button', { name: 'Edit' })).toBeFocused()
    const topAfter = await row(page, 'Task 15').evaluate((item) => item.getBoundingClientRect().top)
    expect(Math.abs(topAfter - topBefore)).toBeLessThan(2)

    // The Edit dialog is open with a draft when the laptop changes, then deletes, its task.
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Edit Task' })
    const field = dialog.getByRole('textbox', { name: 'Task' })
    await field.fill('Task 15, my draft')
    await row(laptop.page, 'Task 15').getByRole('button', { name: 'Mark as complete' }).click()
    await expect
      .poll(async () =>
        (await storedTasksOf(request, person.email)).some(
          ({ task, isFinished }) => task === 'Task 15' && isFinished,
        ),
      )
      .toBe(true)
    await awayAndBack(phone.context, page, 2)
    await expect(row(page, 'Task 15')).toHaveClass(/finished/)
    await expect(field).toHaveValue('Task 15, my draft')
    await expect(field).toBeFocused()

    await row(laptop.page, 'Task 15').getByRole('button', { name: 'Delete' }).click()
    await expect
      .poll(async () => (await storedTasksOf(request, person.email)).map(({ task }) => task))
      .not.toContain('Task 15')
    await awayAndBack(phone.context, page, 2)
    await expect(dialog.getByText('This task was deleted on another device.')).toBeVisible()
    await expect(dialog.getByRole('button')).toHaveText(['Close'])
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
    await page.screenshot({ path: 'test-results/screens/360-deleted-elsewhere.png' })
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(row(page, 'Task 15')).toHaveCount(0)
    await laptop.context.close()
    await phone.context.close()
  })
})
