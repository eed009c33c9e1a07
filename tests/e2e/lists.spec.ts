import type { Page } from '@playwright/test'
import { addTasks, expect, rowTexts, taskInput, test } from './fixtures'
import { storedListsOf, storedTasksOf } from './support/backend'
import { device } from './support/devices'

// Lists (issue 47): made, named, shown and kept in the address; a task added to the list shown;
// another device sees it all live. At a phone's width with taps and a laptop's with the mouse.

const lists = (page: Page) => page.getByRole('navigation', { name: 'Lists' })
const listLink = (page: Page, name: string | RegExp) => lists(page).getByRole('link', { name })

/** Makes a list through the quiet "New list" button; the page shows it once made. */
async function newList(page: Page, name: string) {
  await page.getByRole('button', { name: 'New list' }).click()
  await page.getByRole('textbox', { name: 'New list name' }).fill(name)
  await page.getByRole('button', { name: 'Add list' }).click()
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
      await addTasks(page, 'Write the report')
      await expect(lists(page)).toHaveCount(0)
      const made = page.getByRole('button', { name: 'New list' })
      await expect(made).toBeVisible()
      // A tap target: 44 px on a phone, as every control.
      if (hasTouch) expect((await made.boundingBox())?.height).toBeGreaterThanOrEqual(44)
      await page.screenshot({ path: testInfo.outputPath(`lists-none-${String(width)}.png`) })

      await newList(page, 'Groceries')
      expect(page.url()).toMatch(/#\/lists\/\d+$/)
      await expect(page.getByText('No tasks.')).toBeVisible()
      await addTasks(page, 'oat milk', 'bread')
      expect(await rowTexts(page)).toEqual(['oat milk', 'bread'])
      await expect(listLink(page, /^Groceries/)).toContainText('2')
      await expect(listLink(page, /^My tasks/)).toContainText('1')
      await page.screenshot({ path: testInfo.outputPath(`lists-groceries-${String(width)}.png`) })

      // The filters stay within the list.
      await page.getByRole('link', { name: /^Open/ }).click()
      expect(page.url()).toMatch(/#\/lists\/\d+\/open$/)
      expect(await rowTexts(page)).toEqual(['oat milk', 'bread'])

      await listLink(page, /^My tasks/).click()
      expect(await rowTexts(page)).toEqual(['Write the report'])
      await page.goBack()
      expect(await rowTexts(page)).toEqual(['oat milk', 'bread'])
      await page.reload()
      await expect(listLink(page, /^Groceries/)).toHaveAttribute('aria-current', 'page')
      expect(await rowTexts(page)).toEqual(['oat milk', 'bread'])

      const [groceries] = await storedListsOf(page.request, person.email)
      expect(groceries?.name).toBe('Groceries')
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
  await page.getByRole('button', { name: 'New list' }).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.type('Work')
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
  await newList(page, 'Home')
  await expect(listLink(phone.page, /^Home/)).toBeVisible()
  await addTasks(page, 'fix the tap')
  await listLink(phone.page, /^Home/).click()
  await expect(phone.page.getByText('fix the tap')).toBeVisible()
  await page.getByRole('button', { name: 'Rename list' }).click()
  await page.getByRole('textbox', { name: 'List name' }).fill('House')
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(listLink(phone.page, /^House/)).toHaveAttribute('aria-current', 'page')
})
