import type { Locator, Page } from '@playwright/test'
import { expect, row, rowButton, signIn, taskInput, test, type Person } from './fixtures'
import { storedDocumentsOf, storedTasksOf } from './support/backend'
import { pressAs, type Way } from './support/controls'
import { axeViolations } from './support/pageChecks'

// A date typed in the one input: the hint that says what was read, refusing it, and the Edit
// dialog's date; tapped at 360 px, clicked at 1280 px, and from the keyboard. "Now" is Playwright's
// clock: Friday 27 November 2026, 10:00 in London, so what the hint says is known.

const NOW = new Date('2026-11-27T10:00:00Z')

test.use({ locale: 'en-GB', timezoneId: 'Europe/London' })

async function openAt(page: Page, person: Person) {
  await page.clock.install({ time: NOW })
  await page.goto('./')
  await signIn(page, person)
}

const press = pressAs

const hint = (page: Page) => page.locator('.due-hint')
const keep = (page: Page, phrase: string) =>
  page.getByRole('button', { name: `Keep “${phrase}” as text` })
const editor = (page: Page) => page.getByRole('dialog', { name: 'Edit Task' })
/** The due the server holds for `person`'s task `text`. */
const storedDue = async (page: Page, person: Person, text: string) =>
  (await storedTasksOf(page.request, person.email)).find((task) => task.task === text)?.due

async function typeWithDate(page: Page, way: Way, text: string) {
  if (way === 'tap') await taskInput(page).tap()
  else if (way === 'click') await taskInput(page).click()
  else await taskInput(page).focus()
  await taskInput(page).pressSequentially(text)
}

async function add(page: Page, way: Way) {
  if (way === 'keys') await taskInput(page).press('Enter')
  else await press(page, way, page.getByRole('button', { name: 'Add Task' }))
}

const ways: { width: number; way: Way; touch: boolean }[] = [
  { width: 360, way: 'tap', touch: true },
  { width: 1280, way: 'click', touch: false },
  { width: 1280, way: 'keys', touch: false },
]

for (const { width, way, touch } of ways) {
  test.describe(`at ${String(width)} px, by ${way}`, () => {
    test.use({ viewport: { width, height: 800 }, hasTouch: touch, isMobile: touch })

    test('a date typed with the task: the hint says it, Add keeps it, the row and the server show it', async ({
      page,
      person,
    }) => {
      await openAt(page, person)
      await typeWithDate(page, way, 'buy milk tomorrow')
      await expect(hint(page)).toHaveRole('status')
      await expect(hint(page)).toContainText('Due tomorrow, Sat 28 Nov')
      await expect(keep(page, 'tomorrow')).toBeVisible()
      await expect(taskInput(page)).toHaveAccessibleDescription('Due tomorrow, Sat 28 Nov')
      if (way !== 'keys') await picture(page, `hint-${String(width)}`)
      await add(page, way)
      await expect(row(page, 'buy milk')).toContainText('Tomorrow')
      await expect(row(page, 'buy milk').locator('.task-text')).toHaveText('buy milk')
      await expect(hint(page)).toBeEmpty()
      await expect
        .poll(() => storedTasksOf(page.request, person.email))
        .toMatchObject([{ task: 'buy milk', due: '2026-11-28' }])

      await typeWithDate(page, way, 'call Chloé fri 5pm')
      await expect(hint(page)).toContainText('Due today, Fri 27 Nov, 17:00')
      await add(page, way)
      await expect(row(page, 'call Chloé')).toContainText('Today 17:00')
      await expect
        .poll(() => storedDue(page, person, 'call Chloé'))
        .toBe('2026-11-27T17:00:00.000Z')
    })

    test('a hint refused, by its button and by Escape: the text is added as typed, with no date', async ({
      page,
      person,
    }) => {
      await openAt(page, person)
      await typeWithDate(page, way, 'Meet Friday')
      await expect(keep(page, 'Friday')).toBeVisible()
      await press(page, way, keep(page, 'Friday'))
      await expect(hint(page)).toBeEmpty()
      await expect(taskInput(page)).toBeFocused()
      // Refused for this draft as it goes on.
      await taskInput(page).pressSequentially(' the band')
      await expect(taskInput(page)).toHaveValue('Meet Friday the band')
      await expect(hint(page)).toBeEmpty()
      await add(page, way)
      await expect(row(page, 'Meet Friday the band')).toBeVisible()

      await typeWithDate(page, way, 'plant roses in May')
      await expect(hint(page)).toContainText('Due Sat, 1 May 2027')
      await taskInput(page).press('Escape')
      await expect(hint(page)).toBeEmpty()
      await add(page, way)
      await expect(row(page, 'plant roses in May')).toBeVisible()
      await expect(row(page, 'plant roses in May').locator('.task-due')).toHaveCount(0)
      await expect
        .poll(() => storedTasksOf(page.request, person.email))
        .toMatchObject([
          { task: 'Meet Friday the band', due: null },
          { task: 'plant roses in May', due: null },
        ])
      const stored = await storedDocumentsOf(page.request, person.email)
      expect(stored.map(({ data }) => 'due' in data)).toEqual([false, false])
    })

    test('the Edit dialog: a date and a time saved, then the date cleared', async ({
      page,
      person,
    }) => {
      await openAt(page, person)
      await taskInput(page).fill('Water the fern')
      await taskInput(page).press('Enter')
      await expect(row(page, 'Water the fern')).toBeVisible()
      await press(page, way, await rowButton(page, 'Water the fern', 'Edit'))
      const date = editor(page).getByLabel('Due date')
      const time = editor(page).getByLabel('Time')
      await expect(date).toHaveValue('')
      await expect(time).toBeDisabled()
      await focusAs(way, date)
      await date.fill('2026-12-03')
      await expect(time).toBeEnabled()
      await focusAs(way, time)
      await time.fill('17:30')
      if (way !== 'keys') await picture(page, `dialog-${String(width)}`)
      await press(page, way, editor(page).getByRole('button', { name: 'Save changes' }))
      await expect(editor(page)).toBeHidden()
      await expect(row(page, 'Water the fern')).toContainText('Thu 17:30')
      await expect
        .poll(() => storedDue(page, person, 'Water the fern'))
        .toBe('2026-12-03T17:30:00.000Z')

      await press(page, way, await rowButton(page, 'Water the fern', 'Edit'))
      await expect(date).toHaveValue('2026-12-03')
      await expect(time).toHaveValue('17:30')
      await press(page, way, editor(page).getByRole('button', { name: 'Clear date' }))
      await expect(date).toHaveValue('')
      await expect(date).toBeFocused()
      await expect(time).toBeDisabled()
      await press(page, way, editor(page).getByRole('button', { name: 'Save changes' }))
      await expect(row(page, 'Water the fern').locator('.task-due')).toHaveCount(0)
      await expect
        .poll(() => storedDocumentsOf(page.request, person.email))
        .toMatchObject([{ data: { task: 'Water the fern', due: null } }])
    })
  })
}

/** A picture to look at, in test-results/screens/. */
const picture = (page: Page, what: string) =>
  page.screenshot({ path: `test-results/screens/due-${what}.png` })

async function focusAs(way: Way, field: Locator) {
  if (way === 'tap') await field.tap()
  else if (way === 'click') await field.click()
  else await field.focus()
  await expect(field).toBeFocused()
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no WCAG 2.1 AA violations with the hint shown and the dialog's date field, ${colorScheme}`, async ({
    page,
    person,
  }) => {
    await page.emulateMedia({ colorScheme })
    await openAt(page, person)
    await taskInput(page).fill('Water the fern')
    await taskInput(page).press('Enter')
    await expect(row(page, 'Water the fern')).toBeVisible()
    await taskInput(page).pressSequentially('call Chloé fri 5pm')
    await expect(keep(page, 'fri 5pm')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    await taskInput(page).fill('')
    await (await rowButton(page, 'Water the fern', 'Edit')).click()
    await editor(page).getByLabel('Due date').fill('2026-12-03')
    await editor(page).getByLabel('Time').focus()
    expect(await axeViolations(page)).toEqual([])
  })
}
