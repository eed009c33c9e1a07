import type { Page } from '@playwright/test'
import {
  addTasks,
  expect,
  row,
  rowButton,
  rowTexts,
  signIn,
  syncLine,
  taskInput,
  test,
} from './fixtures'
import { seedList, storedTasksOf } from './support/backend'
import { queuedWrites } from './support/deviceStore'
import { goOffline } from './support/network'
import { axeViolations } from './support/pageChecks'

// A day's use (issue 26), at a phone's size and a laptop's: each defect found, and what every
// to-do app has (an open count, Clear finished, a key to start a task).

const SIZES = [
  { name: 'phone', viewport: { width: 360, height: 740 }, hasTouch: true },
  { name: 'laptop', viewport: { width: 1280, height: 800 }, hasTouch: false },
] as const

const undoBar = (page: Page) => page.getByRole('button', { name: 'Undo' })
/** What a screen reader was last told of an add or an edit (the page's polite status). */
const said = (page: Page) => page.locator('main > p.visually-hidden[role="status"]')

for (const size of SIZES) {
  test.describe(`on a ${size.name} (${String(size.viewport.width)} px)`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch })

    test('after an Undo, the next delete’s bar still closes by itself', async ({
      signedIn: page,
    }) => {
      await page.clock.install()
      await addTasks(page, 'Keep me', 'Delete me later', 'Delete me first')
      await (await rowButton(page, 'Delete me first', 'Delete')).click()
      await undoBar(page).click()
      await expect(row(page, 'Delete me first')).toBeVisible()
      await (await rowButton(page, 'Delete me later', 'Delete')).click()
      await expect(undoBar(page)).toBeVisible()
      // Focus went to the next row after the delete: the bar is not held.
      await page.clock.fastForward(7000)
      await expect(undoBar(page)).toHaveCount(0)
    })

    test('adding a task far down the list keeps the input in view', async ({
      signedIn: page,
      person,
    }) => {
      await seedList(person.email, { count: 40, text: (n) => `Seeded task ${String(n)}` })
      await expect(row(page, 'Seeded task 40')).toBeVisible()
      await addTasks(page, 'Typed at the top, added at the bottom')
      // The new task is brought into view, and the input with the next task's text stays on screen.
      await expect(row(page, 'Typed at the top, added at the bottom')).toBeInViewport()
      await expect(taskInput(page)).toBeInViewport()
      await expect(taskInput(page)).toBeFocused()
    })

    test('the Edit dialog shows a long task whole, Enter saves, and line breaks become spaces', async ({
      signedIn: page,
      request,
      person,
    }) => {
      const long = `${'Renew the car insurance and compare three quotes. '.repeat(5)}End.`
      await addTasks(page, long)
      await (await rowButton(page, 'Renew the car', 'Edit')).click()
      const field = page
        .getByRole('dialog', { name: 'Edit Task' })
        .getByRole('textbox', { name: 'Task' })
      await expect(field).toHaveValue(long.trim())
      // It wraps and grows: every line shows, none is scrolled out of sight.
      const box = await field.evaluate((element) => ({
        lines: Math.round(element.clientHeight / parseFloat(getComputedStyle(element).lineHeight)),
        hidden: element.scrollHeight - element.clientHeight,
      }))
      expect(box.lines).toBeGreaterThan(1)
      expect(box.hidden).toBeLessThanOrEqual(1)
      await field.fill('First line\nsecond line')
      await field.press('Enter')
      await expect(page.getByRole('dialog', { name: 'Edit Task' })).toHaveCount(0)
      await expect(row(page, 'First line second line')).toBeVisible()
      await expect
        .poll(async () => (await storedTasksOf(request, person.email)).map((task) => task.task))
        .toEqual(['First line second line'])
      await expect(said(page)).toHaveText('Saved')
    })

    test('offline is said whenever the browser is offline, changes waiting or not', async ({
      signedIn: page,
      context,
    }) => {
      await addTasks(page, 'Saved before going offline')
      await expect.poll(() => queuedWrites(page)).toEqual([])
      await expect(syncLine(page)).toBeEmpty()
      await goOffline(context)
      await expect(syncLine(page)).toHaveText(
        'Offline: showing the tasks kept on this device. Changes will be sent when you are back online.',
      )
      await addTasks(page, 'Made offline')
      await expect(syncLine(page)).toHaveText(
        'Offline: changes are kept on this device and will be sent',
      )
    })
  })
}

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

  test('the text has the width: a 20-character task is one line beside the Reorder handle, the actions in one menu', async ({
    page,
    person,
  }) => {
    const longName = { ...person, displayName: 'Ada Augusta King, Countess of Lovelace' }
    await page.goto('./')
    await signIn(page, longName)
    await addTasks(page, 'Call the plumber now')
    const text = row(page, 'Call the plumber now').locator('.task-text')
    const lines = await text.evaluate((element) => element.getClientRects().length || 1)
    const height = await text.evaluate((element) => {
      const style = getComputedStyle(element)
      return (
        (element.getBoundingClientRect().height -
          parseFloat(style.paddingTop) -
          parseFloat(style.paddingBottom)) /
        parseFloat(style.lineHeight)
      )
    })
    expect(lines).toBe(1)
    expect(Math.round(height)).toBe(1)
    // Edit and Delete wait in the row's menu; every target there is a finger's size.
    await expect(
      row(page, 'Call the plumber now').getByRole('button', { name: 'Delete' }),
    ).toBeHidden()
    const more = row(page, 'Call the plumber now').getByRole('button', { name: 'More actions' })
    await more.click()
    for (const name of ['Edit', 'Delete']) {
      const target = await row(page, 'Call the plumber now')
        .getByRole('menuitem', { name })
        .boundingBox()
      expect(target?.width).toBeGreaterThanOrEqual(44)
      expect(target?.height).toBeGreaterThanOrEqual(44)
    }
    // A long name does not push the picture onto a line of its own.
    const welcome = await page.getByText(/^Welcome, /).boundingBox()
    const picture = await page.getByRole('button', { name: 'Log Out' }).boundingBox()
    expect(
      welcome &&
        picture &&
        Math.abs(welcome.y + welcome.height / 2 - (picture.y + picture.height / 2)),
    ).toBeLessThan(12)
    await page.screenshot({ path: 'test-results/screens/360-row-menu.png' })
  })
})

test('the open count follows the list, and is said politely', async ({ signedIn: page }) => {
  await addTasks(page, 'One', 'Two', 'Three')
  const count = page.getByRole('status').filter({ hasText: /^\d+ open$/ })
  await expect(count).toHaveText('3 open')
  await row(page, 'Two').getByRole('button', { name: 'Mark as complete' }).click()
  await expect(count).toHaveText('2 open')
})

test('Clear finished deletes every finished task at once, and one Undo brings them all back, on the server too', async ({
  signedIn: page,
  request,
  person,
}) => {
  await addTasks(page, 'Open one', 'Done one', 'Done two')
  const clear = page.getByRole('button', { name: 'Clear finished' })
  await expect(clear).toHaveCount(0)
  for (const text of ['Done one', 'Done two']) {
    await row(page, text).getByRole('button', { name: 'Mark as complete' }).click()
  }
  const stored = async () => (await storedTasksOf(request, person.email)).map((task) => task.task)
  await expect.poll(stored).toEqual(['Open one', 'Done one', 'Done two'])
  await clear.click()
  expect(await rowTexts(page)).toEqual(['Open one'])
  await expect(page.getByText('2 finished tasks deleted.')).toBeVisible()
  await expect(clear).toHaveCount(0)
  await expect.poll(stored).toEqual(['Open one'])
  await undoBar(page).click()
  await expect.poll(() => rowTexts(page)).toEqual(['Open one', 'Done one', 'Done two'])
  await expect.poll(stored).toEqual(['Open one', 'Done one', 'Done two'])
})

test('/ or N starts a new task from anywhere but a text field', async ({ signedIn: page }) => {
  await addTasks(page, 'A task')
  await row(page, 'A task').getByRole('button', { name: 'Mark as complete' }).focus()
  await page.keyboard.press('/')
  await expect(taskInput(page)).toBeFocused()
  await expect(taskInput(page)).toHaveValue('')
  await page.getByRole('button', { name: 'Log Out' }).focus()
  await page.keyboard.press('n')
  await expect(taskInput(page)).toBeFocused()
  await page.keyboard.type('no shortcut in a text field')
  await expect(taskInput(page)).toHaveValue('no shortcut in a text field')
  await expect(taskInput(page)).toHaveAttribute('title', /press \/ or N/)
})

test('Delete reads like Edit until pointed at, then turns red', async ({ signedIn: page }) => {
  await addTasks(page, 'A task')
  const edit = row(page, 'A task').getByRole('button', { name: 'Edit' })
  const remove = row(page, 'A task').getByRole('button', { name: 'Delete' })
  // Read again while it reads '' (the element the locator found was just replaced, once in a
  // whole run at load 7).
  const colour = async (button: typeof edit) => {
    let read = ''
    await expect
      .poll(
        async () => (read = await button.evaluate((element) => getComputedStyle(element).color)),
      )
      .not.toBe('')
    return read
  }
  expect(await colour(remove)).toBe(await colour(edit))
  await remove.hover()
  await expect.poll(() => colour(remove)).not.toBe(await colour(edit))
})

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} colour scheme, on a phone`, () => {
    test.use({ colorScheme, viewport: { width: 360, height: 740 }, hasTouch: true })

    test('the count, Clear finished, the row menu and the Undo bar pass axe (WCAG 2.1 AA)', async ({
      signedIn: page,
    }) => {
      await addTasks(page, 'Open task', 'Finished task', 'Deleted task')
      await row(page, 'Finished task').getByRole('button', { name: 'Mark as complete' }).click()
      await (await rowButton(page, 'Deleted task', 'Delete')).click()
      await expect(undoBar(page)).toBeVisible()
      await expect(page.getByRole('button', { name: 'Clear finished' })).toBeVisible()
      await row(page, 'Open task').getByRole('button', { name: 'More actions' }).click()
      await expect(row(page, 'Open task').getByRole('menuitem', { name: 'Edit' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: `test-results/screens/360-${colorScheme}-day-of-use.png` })
    })
  })
}
