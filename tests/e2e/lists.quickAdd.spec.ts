import type { Page } from '@playwright/test'
import { addTasks, expect, rowTexts, signIn, taskInput, test, type Person } from './fixtures'
import { storedListsOf, storedTasksOf } from './support/backend'
import { pressAs, type Way } from './support/controls'

// "milk #groceries" in the one input (issue 47): the hint names the list, Add puts the task in
// it, an unknown name makes the list, refusing keeps the text; with My tasks alone no # hint.
// Tapped at 360 px, clicked at 1280 px, and from the keyboard. "Now" is Playwright's clock:
// Friday 27 November 2026, 10:00 in London, so "tomorrow" is known.

const NOW = new Date('2026-11-27T10:00:00Z')
test.use({ locale: 'en-GB', timezoneId: 'Europe/London' })

const listHint = (page: Page) => page.locator('.list-hint')
const dueHint = (page: Page) => page.locator('.due-hint')
const lists = (page: Page) => page.getByRole('navigation', { name: 'Lists' })
const listLink = (page: Page, name: RegExp) => lists(page).getByRole('link', { name })

async function openAt(page: Page, person: Person) {
  await page.clock.install({ time: NOW })
  await page.goto('./')
  await signIn(page, person)
  await expect(page.getByText('No tasks have been added yet')).toBeVisible()
}

async function type(page: Page, way: Way, text: string) {
  if (way === 'tap') await taskInput(page).tap()
  else if (way === 'click') await taskInput(page).click()
  else await taskInput(page).focus()
  await taskInput(page).pressSequentially(text)
  await expect(taskInput(page)).toHaveValue(text)
}

async function add(page: Page, way: Way) {
  if (way === 'keys') await taskInput(page).press('Enter')
  else await pressAs(page, way, page.getByRole('button', { name: 'Add Task' }))
  await expect(taskInput(page)).toHaveValue('')
}

/** The server's view of `person`'s task `text`: its list's id (null: My tasks) and due. */
async function stored(page: Page, person: Person, text: string) {
  const task = (await storedTasksOf(page.request, person.email)).find((t) => t.task === text)
  return task && { list: task.list ?? null, due: task.due ?? null }
}
const listIdOf = async (page: Page, person: Person, name: string) =>
  (await storedListsOf(page.request, person.email)).find((list) => list.name === name)?.id

const ways: { width: number; way: Way; touch: boolean }[] = [
  { width: 360, way: 'tap', touch: true },
  { width: 1280, way: 'click', touch: false },
  { width: 1280, way: 'keys', touch: false },
]

for (const { width, way, touch } of ways) {
  test.describe(`at ${String(width)} px, by ${way}`, () => {
    test.use({ viewport: { width, height: 800 }, hasTouch: touch, isMobile: touch })

    test('"milk #groceries" adds to Groceries, an unknown name makes its list, refusing keeps the text, with a date too', async ({
      page,
      person,
    }, testInfo) => {
      await openAt(page, person)
      await addTasks(page, 'Write the report')
      await page.getByRole('button', { name: 'New list' }).click()
      const dialog = page.getByRole('dialog', { name: 'New list' })
      await dialog.getByRole('textbox', { name: 'New list name' }).fill('Groceries')
      await dialog.getByRole('button', { name: 'Add list' }).click()
      await expect(listLink(page, /^Groceries/)).toHaveAttribute('aria-current', 'page')
      await listLink(page, /^My tasks/).click()
      await expect(listLink(page, /^My tasks/)).toHaveAttribute('aria-current', 'page')
      await expect.poll(() => listIdOf(page, person, 'Groceries')).toBeDefined()
      const groceries = await listIdOf(page, person, 'Groceries')

      // An existing list, in any case: the task goes there, and My tasks stays shown.
      await type(page, way, 'oat milk #groceries')
      await expect(listHint(page)).toHaveRole('status')
      await expect(listHint(page)).toContainText('In list “Groceries”')
      await expect(taskInput(page)).toHaveAccessibleDescription('In list “Groceries”')
      await page.screenshot({ path: testInfo.outputPath(`quickAdd-hint-${String(width)}.png`) })
      await add(page, way)
      await expect(listHint(page)).toHaveText('Added to list “Groceries”.')
      await expect.poll(() => rowTexts(page)).toEqual(['Write the report'])
      await expect(listLink(page, /^Groceries/)).toContainText('1')
      await expect
        .poll(() => stored(page, person, 'oat milk'))
        .toEqual({ list: groceries, due: null })

      // An unknown name: the list is made on Add, and the task is in it.
      await type(page, way, 'balloons #party')
      await expect(listHint(page)).toContainText('In new list “party”')
      await add(page, way)
      await expect(listLink(page, /^party/)).toContainText('1')
      await expect
        .poll(async () => (await storedListsOf(page.request, person.email)).map((l) => l.name))
        .toEqual(expect.arrayContaining(['Groceries', 'party']))
      const party = await listIdOf(page, person, 'party')
      await expect.poll(() => stored(page, person, 'balloons')).toEqual({ list: party, due: null })

      // Refused: the tag stays text, and the task goes to the list shown.
      await type(page, way, 'bread #groceries')
      const keep = page.getByRole('button', { name: 'Keep “#groceries” as text' })
      if (way === 'keys') await taskInput(page).press('Escape')
      else await pressAs(page, way, keep)
      await expect(keep).toHaveCount(0)
      await expect(listHint(page)).toBeEmpty()
      await expect(taskInput(page)).toBeFocused()
      await add(page, way)
      await expect.poll(() => rowTexts(page)).toEqual(['Write the report', 'bread #groceries'])
      await expect
        .poll(() => stored(page, person, 'bread #groceries'))
        .toEqual({ list: null, due: null })

      // With a date: both hints, both kept.
      await type(page, way, 'eggs tomorrow #Groceries')
      await expect(dueHint(page)).toContainText('Due tomorrow, Sat 28 Nov')
      await expect(listHint(page)).toContainText('In list “Groceries”')
      await page.screenshot({ path: testInfo.outputPath(`quickAdd-both-${String(width)}.png`) })
      await add(page, way)
      await expect
        .poll(() => stored(page, person, 'eggs'))
        .toEqual({ list: groceries, due: '2026-11-28' })

      await listLink(page, /^Groceries/).click()
      await expect(listLink(page, /^Groceries/)).toHaveAttribute('aria-current', 'page')
      await expect.poll(() => rowTexts(page)).toEqual(['oat milk', 'eggs'])
    })

    test('with My tasks alone, "#1 priority" stays text and no # hint shows', async ({
      page,
      person,
    }) => {
      await openAt(page, person)
      // The date's hint shows, so the page reads what is typed: the # is no list.
      await type(page, way, '#1 priority tomorrow')
      await expect(dueHint(page)).toContainText('Due tomorrow, Sat 28 Nov')
      await expect(listHint(page)).toBeEmpty()
      await add(page, way)
      await type(page, way, 'milk #groceries')
      await expect(listHint(page)).toBeEmpty()
      await expect(page.getByRole('button', { name: /^Keep “#/ })).toHaveCount(0)
      await add(page, way)
      await expect.poll(() => rowTexts(page)).toEqual(['#1 priority', 'milk #groceries'])
      await expect
        .poll(() => stored(page, person, '#1 priority'))
        .toEqual({ list: null, due: '2026-11-28' })
      await expect
        .poll(() => stored(page, person, 'milk #groceries'))
        .toEqual({ list: null, due: null })
      expect(await storedListsOf(page.request, person.email)).toEqual([])
      await expect(lists(page)).toHaveCount(0)
    })
  })
}
