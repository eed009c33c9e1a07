import { addTasks, expect, newPerson, row, rowButton, rowTexts, syncLine, test } from './fixtures'
import { storedTasksOf } from './support/backend'
import { queuedWrites } from './support/deviceStore'
import { device } from './support/devices'
import { goOffline, goOnline, WRITE_CHANNEL } from './support/network'

// What the page says about saving, and how a change from elsewhere leaves the person alone.

const OFFLINE =
  'Offline: showing the tasks kept on this device. Changes will be sent when you are back online.'
const OFFLINE_PENDING = 'Offline: changes are kept on this device and will be sent'

test.describe('the sync status line', () => {
  test('offline it says so, with or without changes waiting; back online it is quiet', async ({
    signedIn: page,
    context,
    person,
    request,
  }) => {
    await addTasks(page, 'Saved online', 'Finished online')
    await row(page, 'Finished online').getByRole('button', { name: 'Mark as complete' }).click()
    // All saved: the tick too, and the device's queue empty (the line stays quiet for a second).
    await expect
      .poll(async () => (await storedTasksOf(request, person.email)).map((t) => t.isFinished))
      .toEqual([false, true])
    await expect.poll(() => queuedWrites(page)).toEqual([])
    await expect(syncLine(page)).toBeEmpty()

    await goOffline(context)
    await expect(syncLine(page)).toHaveText(OFFLINE)
    await addTasks(page, 'Made offline')
    await expect(syncLine(page)).toHaveText(OFFLINE_PENDING)
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

    await goOnline(context)
    await expect(syncLine(page)).toBeEmpty()
    await expect
      .poll(async () => (await storedTasksOf(request, person.email)).map(({ task }) => task))
      .toContain('Made offline')
  })

  test('a write that takes over a second says "Saving…" until it is done', async ({
    signedIn: page,
  }) => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let writes = 0
    await page.route(WRITE_CHANNEL, async (route) => {
      writes++
      await held
      await route.continue()
    })
    await addTasks(page, 'Slow to save')
    await expect.poll(() => writes).toBeGreaterThan(0)
    await expect(syncLine(page)).toHaveText('Saving…')
    release()
    await expect(syncLine(page)).toBeEmpty()
  })
})

test.describe('changes the list of tasks cannot show', () => {
  // A deleted task leaves the live query at once, and a list is no task: the SDK's own pending
  // flag says nothing of either, so the page counts its own unacknowledged writes.
  test('a delete, a new list and a rename held on the way say "Saving…" until they are done', async ({
    signedIn: page,
  }) => {
    await addTasks(page, 'Delete me', 'Keep me')
    await expect.poll(() => queuedWrites(page)).toEqual([])
    // One route for the test: while a gate stands, the channel's requests wait at it.
    let gate: Promise<void> | null = null
    let release: () => void = () => undefined
    let writes = 0
    await page.route(WRITE_CHANNEL, async (route) => {
      const waiting = gate
      if (waiting && route.request().method() === 'POST') writes++
      if (waiting) await waiting
      await route.continue()
    })
    /** `act` with the channel held: the line says "Saving…", and is quiet once all are through. */
    const savingWhileHeld = async (act: () => Promise<void>) => {
      writes = 0
      gate = new Promise<void>((resolve) => (release = resolve))
      await act()
      await expect.poll(() => writes).toBeGreaterThan(0)
      await expect(syncLine(page)).toHaveText('Saving…')
      gate = null
      release()
      await expect(syncLine(page)).toBeEmpty()
      await expect.poll(() => queuedWrites(page)).toEqual([])
    }

    await savingWhileHeld(async () => {
      await (await rowButton(page, 'Delete me', 'Delete')).click()
    })
    await savingWhileHeld(async () => {
      await page.getByRole('button', { name: 'New list' }).click()
      const naming = page.getByRole('dialog', { name: 'New list' })
      await naming.getByRole('textbox', { name: 'New list name' }).fill('Groceries')
      await naming.getByRole('button', { name: 'Add list' }).click()
    })
    await savingWhileHeld(async () => {
      await page.getByRole('button', { name: 'Rename list' }).click()
      const renaming = page.getByRole('dialog', { name: 'Rename list' })
      await renaming.getByRole('textbox', { name: 'List name' }).fill('Shopping')
      await renaming.getByRole('button', { name: 'Save name' }).click()
    })
  })
})

test.describe('two devices of one person', () => {
  test.slow()

  test('a tick of a task deleted elsewhere meanwhile says "Not saved: …" and keeps the row; a reload shows the server’s list', async ({
    browser,
    request,
  }) => {
    const person = newPerson('Refused')
    const laptop = await device(browser, person)
    await addTasks(laptop.page, 'Call Bob', 'Keep')
    const phone = await device(browser, person)
    const phoneConsole: string[] = []
    phone.page.on('console', (message) => phoneConsole.push(message.text()))
    await expect(row(phone.page, 'Call Bob')).toBeVisible()

    // The phone is offline while the laptop deletes the task, and ticks it off.
    await goOffline(phone.context)
    await (await rowButton(laptop.page, 'Call Bob', 'Delete')).click()
    await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(1)
    await row(phone.page, 'Call Bob').getByRole('button', { name: 'Mark as complete' }).click()
    await goOnline(phone.context)

    await expect(syncLine(phone.page)).toHaveText(
      'Not saved: “Call Bob”: it was deleted on another device.',
    )
    await expect(phone.page.getByRole('alert')).toHaveCount(0)
    expect(phoneConsole.filter((text) => text.startsWith('Error updating document'))).toHaveLength(
      1,
    )
    // Spec §4: the list is not rolled back at that moment.
    expect(await rowTexts(phone.page)).toEqual(['Keep', 'Call Bob'])
    await phone.page.reload()
    await expect(row(phone.page, 'Keep')).toBeVisible()
    expect(await rowTexts(phone.page)).toEqual(['Keep'])
    expect((await storedTasksOf(request, person.email)).map(({ task }) => task)).toEqual(['Keep'])
    await laptop.context.close()
    await phone.context.close()
  })

  test('a live change leaves the person alone: focus, scroll, the dialog and its draft; a task deleted elsewhere says so in its dialog', async ({
    browser,
    request,
  }) => {
    const person = newPerson('Undisturbed')
    const laptop = await device(browser, person)
    await laptop.page.setViewportSize({ width: 1280, height: 600 })
    const texts = Array.from({ length: 24 }, (_, i) => `Task ${String(i + 1).padStart(2, '0')}`)
    await addTasks(laptop.page, ...texts)
    await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(24)

    const phone = await device(browser, person)
    const { page } = phone
    await page.setViewportSize({ width: 360, height: 600 })
    await expect(row(page, 'Task 24')).toBeVisible()
    // Scrolled down, focus on Task 15's toggle.
    const toggle15 = row(page, 'Task 15').getByRole('button', { name: 'Mark as complete' })
    await toggle15.focus()
    await row(page, 'Task 15').scrollIntoViewIfNeeded()
    const top = () => row(page, 'Task 15').evaluate((item) => item.getBoundingClientRect().top)
    const topBefore = await top()

    // Meanwhile the laptop finishes Task 02, adds one and deletes Task 20.
    await row(laptop.page, 'Task 02').getByRole('button', { name: 'Mark as complete' }).click()
    await addTasks(laptop.page, 'From the laptop')
    await (await rowButton(laptop.page, 'Task 20', 'Delete')).click()
    await expect(row(page, 'From the laptop')).toBeAttached()
    await expect(row(page, 'Task 20')).toHaveCount(0)
    await expect(page.getByText('Loading your tasks…')).toHaveCount(0)
    await expect(toggle15).toBeFocused()
    expect(Math.abs((await top()) - topBefore)).toBeLessThan(2)

    // The Edit dialog is open with a draft when the laptop ticks, then deletes, its task.
    await (await rowButton(page, 'Task 15', 'Edit')).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Task' })
    const field = dialog.getByRole('textbox', { name: 'Task' })
    await field.fill('Task 15, my draft')
    await row(laptop.page, 'Task 15').getByRole('button', { name: 'Mark as complete' }).click()
    await expect(row(page, 'Task 15')).toHaveClass(/finished/)
    await expect(field).toHaveValue('Task 15, my draft')
    await expect(field).toBeFocused()

    await (await rowButton(laptop.page, 'Task 15', 'Delete')).click()
    await expect(dialog.getByText('This task was deleted on another device.')).toBeVisible()
    await expect(dialog.getByRole('button')).toHaveText(['Close'])
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
    await page.screenshot({ path: 'test-results/screens/360-deleted-elsewhere.png' })
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(row(page, 'Task 15')).toHaveCount(0)
    expect((await storedTasksOf(request, person.email)).map(({ task }) => task)).not.toContain(
      'Task 15',
    )
    await laptop.context.close()
    await phone.context.close()
  })
})
