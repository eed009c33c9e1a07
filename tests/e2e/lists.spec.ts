import type { Page } from '@playwright/test'
import { addTasks, expect, row, rowTexts, taskInput, test } from './fixtures'
import { storedListsOf, storedTasksOf } from './support/backend'
import { device } from './support/devices'
import { press } from './support/lists'

// Lists (issue 47): made, named, shown and kept in the address; a task added to the list shown;
// another device sees it all live. At a phone's width with taps and a laptop's with the mouse.

const lists = (page: Page) => page.getByRole('navigation', { name: 'Lists' })
const listLink = (page: Page, name: string | RegExp) => lists(page).getByRole('link', { name })

/** Makes a list through the quiet "New list" button and its dialog; the page shows it once made. */
async function newList(page: Page, name: string) {
  await page.getByRole('button', { name: 'New list' }).click()
  const dialog = page.getByRole('dialog', { name: 'New list' })
  await dialog.getByRole('textbox', { name: 'New list name' }).fill(name)
  await dialog.getByRole('button', { name: 'Add list' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(listLink(page, new RegExp(`^${name}`))).toHaveAttribute('aria-current', 'page')
}

for (const { width, hasTouch } of [
  { width: 360, hasTouch: true },
  { width: 1280, hasTouch: false },
]) {
  test.describe(`at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch })

    test('a person with no list sees one quiet place to add one; a list made is shown, kept in the address, and holds what is added to it', async ({
      signedIn: page,
      person,
    }, testInfo) => {
      // Nothing new before a first task; then New list ends the filters' line, taking no line.
      await expect(page.getByRole('button', { name: 'New list' })).toHaveCount(0)
      await addTasks(page, 'Write the report')
      await expect(lists(page)).toHaveCount(0)
      const made = page
        .getByRole('navigation', { name: 'Filter' })
        .getByRole('button', { name: 'New list' })
      await expect(made).toBeVisible()
      // A tap target: 44 px on a phone, as every control.
      if (hasTouch) expect((await made.boundingBox())?.height).toBeGreaterThanOrEqual(44)
      await page.screenshot({ path: testInfo.outputPath(`lists-none-${String(width)}.png`) })

      await newList(page, 'Groceries')
      expect(page.url()).toMatch(/#\/lists\/\d+$/)
      await expect(page.getByText('No tasks.')).toBeVisible()
      await addTasks(page, 'oat milk', 'bread')
      await expect.poll(() => rowTexts(page)).toEqual(['oat milk', 'bread'])
      await expect(listLink(page, /^Groceries/)).toContainText('2')
      await expect(listLink(page, /^My tasks/)).toContainText('1')
      await page.screenshot({ path: testInfo.outputPath(`lists-groceries-${String(width)}.png`) })

      // The filters stay within the list.
      await page.getByRole('link', { name: /^Open/ }).click()
      expect(page.url()).toMatch(/#\/lists\/\d+\/open$/)
      await expect.poll(() => rowTexts(page)).toEqual(['oat milk', 'bread'])

      await listLink(page, /^My tasks/).click()
      await expect.poll(() => rowTexts(page)).toEqual(['Write the report'])
      await page.goBack()
      await expect.poll(() => rowTexts(page)).toEqual(['oat milk', 'bread'])
      await page.reload()
      await expect(listLink(page, /^Groceries/)).toHaveAttribute('aria-current', 'page')
      await expect.poll(() => rowTexts(page)).toEqual(['oat milk', 'bread'])

      // Renamed by a tap on a phone: a name a list has (My tasks' too) is refused and said.
      await press(page.getByRole('button', { name: 'Rename list' }), hasTouch)
      const renaming = page.getByRole('dialog', { name: 'Rename list' })
      const field = renaming.getByRole('textbox', { name: 'List name' })
      await field.fill('my tasks')
      await press(renaming.getByRole('button', { name: 'Save name' }), hasTouch)
      await expect(renaming.getByRole('status')).toHaveText(
        'There is a list named “my tasks” already. Choose another name.',
      )
      await field.fill('Food')
      await press(renaming.getByRole('button', { name: 'Save name' }), hasTouch)
      await expect(renaming).toHaveCount(0)
      await expect(listLink(page, /^Food/)).toHaveAttribute('aria-current', 'page')
      await expect
        .poll(async () => (await storedListsOf(page.request, person.email)).map((l) => l.name))
        .toEqual(['Food'])

      const [groceries] = await storedListsOf(page.request, person.email)
      const stored = await storedTasksOf(page.request, person.email)
      expect(stored.map(({ task, list }) => [task, list])).toEqual([
        ['Write the report', null],
        ['oat milk', groceries?.id],
        ['bread', groceries?.id],
      ])
    })
  })
}

test('rename by keyboard; a name with nothing to see is refused and said; Escape leaves it as it was', async ({
  signedIn: page,
  person,
}) => {
  await addTasks(page, 'Write the report')
  await page.getByRole('button', { name: 'New list' }).focus()
  await page.keyboard.press('Enter')
  // Typed at once, even before the dialog has come (its chunk on its way), and kept.
  await page.keyboard.type('Work')
  await expect(page.getByRole('textbox', { name: 'New list name' })).toHaveValue('Work')
  await page.keyboard.press('Enter')
  await expect(listLink(page, /^Work/)).toHaveAttribute('aria-current', 'page')

  await page.getByRole('button', { name: 'Rename list' }).focus()
  await page.keyboard.press('Enter')
  const name = page.getByRole('textbox', { name: 'List name' })
  await expect(name).toBeFocused()
  await expect(name).toHaveValue('Work')
  await name.fill('   ')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'A list needs a name' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(name).toHaveCount(0)
  await expect(listLink(page, /^Work/)).toBeVisible()

  await page.getByRole('button', { name: 'Rename list' }).click()
  await name.fill('Work projects')
  await page.keyboard.press('Enter')
  await expect(listLink(page, /^Work projects/)).toBeVisible()
  await expect
    .poll(async () => (await storedListsOf(page.request, person.email)).map((l) => l.name))
    .toEqual(['Work projects'])
  await expect(taskInput(page)).toBeVisible()
})

test('a second device sees a list made, renamed, and the tasks added to it, live', async ({
  signedIn: page,
  person,
  browser,
}) => {
  const phone = await device(browser, person)
  await addTasks(page, 'Write the report')
  await newList(page, 'Home')
  await expect(listLink(phone.page, /^Home/)).toBeVisible()
  await addTasks(page, 'fix the tap')
  await listLink(phone.page, /^Home/).click()
  await expect(phone.page.getByText('fix the tap')).toBeVisible()
  await page.getByRole('button', { name: 'Rename list' }).click()
  await page.getByRole('textbox', { name: 'List name' }).fill('House')
  await page
    .getByRole('dialog', { name: 'Rename list' })
    .getByRole('button', { name: 'Save name' })
    .click()
  await expect(listLink(phone.page, /^House/)).toHaveAttribute('aria-current', 'page')
})

for (const { width, hasTouch } of [
  { width: 360, hasTouch: true },
  { width: 1280, hasTouch: false },
]) {
  test.describe(`moving at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch })

    test('a task moved to another list from its row menu keeps its text, state and date, and goes after that list’s open tasks', async ({
      signedIn: page,
      person,
    }, testInfo) => {
      await addTasks(page, 'standup')
      await newList(page, 'Work')
      await addTasks(page, 'review')
      await listLink(page, /^My tasks/).click()
      // The date read before Enter, as a person waits for the hint.
      await taskInput(page).fill('slides tomorrow')
      await expect(page.getByText(/^Due tomorrow/)).toBeVisible()
      await taskInput(page).press('Enter')
      await expect(page.getByText('slides', { exact: true })).toBeVisible()
      const tap = async (locator: ReturnType<Page['locator']>) => {
        if (hasTouch) await locator.tap()
        else await locator.click()
      }
      await tap(row(page, 'slides').getByRole('button', { name: 'More actions' }))
      await tap(page.getByRole('menuitem', { name: 'Move to list…' }))
      const dialog = page.getByRole('dialog', { name: 'Move to list' })
      await expect(dialog.getByRole('radio', { name: 'My tasks' })).toBeChecked()
      await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled()
      await tap(dialog.getByRole('radio', { name: 'Work' }))
      await page.screenshot({ path: testInfo.outputPath(`lists-move-${String(width)}.png`) })
      await tap(dialog.getByRole('button', { name: 'Move' }))
      await expect(dialog).toHaveCount(0)
      await expect(row(page, 'slides')).toHaveCount(0)
      await expect.poll(() => rowTexts(page)).toEqual(['standup'])
      await expect(taskInput(page)).toBeFocused()
      await listLink(page, /^Work/).click()
      await expect.poll(() => rowTexts(page)).toEqual(['review', 'slides'])
      await expect(page.getByText('Due tomorrow')).toBeVisible()
      await expect
        .poll(async () =>
          (await storedTasksOf(page.request, person.email)).map(({ task, list, due }) => [
            task,
            list !== null,
            due !== null,
          ]),
        )
        .toEqual([
          ['standup', false, false],
          ['review', true, false],
          ['slides', true, true],
        ])
    })
  })
}

test('by keyboard: the row menu, arrows through the lists, Enter moves; Escape leaves it', async ({
  signedIn: page,
}) => {
  await addTasks(page, 'Write the report')
  await newList(page, 'Home')
  await listLink(page, /^My tasks/).click()
  await addTasks(page, 'call the plumber')
  const more = row(page, 'call the plumber').getByRole('button', { name: 'More actions' })
  const moveItem = page.getByRole('menuitem', { name: 'Move to list…' })
  await more.focus()
  // As a person does: the menu opens on its first item; End, then up one, is Move to list….
  const chooseMove = async () => {
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused()
    await page.keyboard.press('End')
    await page.keyboard.press('ArrowUp')
    await expect(moveItem).toBeFocused()
    await page.keyboard.press('Enter')
  }
  await chooseMove()
  const dialog = page.getByRole('dialog', { name: 'Move to list' })
  await expect(dialog.getByRole('radio', { name: 'My tasks' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(more).toBeFocused()
  await expect.poll(() => rowTexts(page)).toEqual(['Write the report', 'call the plumber'])

  await chooseMove()
  await page.keyboard.press('ArrowDown')
  await expect(dialog.getByRole('radio', { name: 'Home' })).toBeChecked()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(taskInput(page)).toBeFocused()
  await listLink(page, /^Home/).click()
  await expect.poll(() => rowTexts(page)).toEqual(['call the plumber'])
})

for (const { width, hasTouch } of [
  { width: 360, hasTouch: true },
  { width: 1280, hasTouch: false },
]) {
  test.describe(`deleting at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch })

    test('Delete list asks first, says how many tasks go, and Undo brings the list and its tasks back; a second device sees each live', async ({
      signedIn: page,
      person,
      browser,
    }, testInfo) => {
      const phone = await device(browser, person)
      await addTasks(page, 'Write the report')
      await newList(page, 'Groceries')
      await addTasks(page, 'oat milk', 'bread', 'eggs')
      await expect(listLink(phone.page, /^Groceries/)).toBeVisible()

      // Cancel leaves it all.
      await page.getByRole('button', { name: 'Delete list' }).click()
      const dialog = page.getByRole('dialog', { name: 'Delete list' })
      await expect(dialog).toContainText(
        'Delete “Groceries” and its 3 tasks? Undo brings them back for a few seconds after.',
      )
      await page.screenshot({ path: testInfo.outputPath(`lists-delete-${String(width)}.png`) })
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect.poll(() => rowTexts(page)).toEqual(['oat milk', 'bread', 'eggs'])

      await page.getByRole('button', { name: 'Delete list' }).click()
      await dialog.getByRole('button', { name: 'Delete list' }).click()
      await expect(page.getByText('List “Groceries” deleted, with its 3 tasks.')).toBeVisible()
      // Undo is offered for 6 s unless it holds focus: held, while the server and phone are read.
      await page.getByRole('button', { name: 'Undo' }).focus()
      await expect(listLink(page, /^Groceries/)).toHaveCount(0)
      await expect.poll(() => rowTexts(page)).toEqual(['Write the report'])
      await expect
        .poll(async () => (await storedTasksOf(page.request, person.email)).length)
        .toBe(1)
      await expect
        .poll(async () => (await storedListsOf(page.request, person.email)).length)
        .toBe(0)
      await expect(lists(phone.page)).toHaveCount(0)

      await page.getByRole('button', { name: 'Undo' }).click()
      await expect(listLink(page, /^Groceries/)).toBeVisible()
      await expect
        .poll(async () => (await storedTasksOf(page.request, person.email)).length)
        .toBe(4)
      await expect(listLink(phone.page, /^Groceries/)).toContainText('3')
      await listLink(page, /^Groceries/).click()
      await expect.poll(() => rowTexts(page)).toEqual(['oat milk', 'bread', 'eggs'])
    })
  })
}
