import type { Locator, Page } from '@playwright/test'
import { newTask } from '../../src/services/taskDocument'
import { expect, row, rowButton, signIn, taskInput, test, type Person } from './fixtures'
import { fixturePath, settingsButton } from './support/account'
import { seedTasks, storedTasksOf } from './support/backend'
import { pressAs } from './support/controls'
import { device } from './support/devices'
import { axeViolations } from './support/pageChecks'

// Repeating tasks (issue 45): typed in the one input, ticked (it moves on and stays open), Undo,
// changed and stopped in the Edit dialog, seen live on a second device, imported from Todoist,
// and the same wall time across a clock change in two zones. "Now" is Playwright's clock:
// Wednesday 9 December 2026, 10:00 in London.

const NOW = new Date('2026-12-09T10:00:00Z')
const WEEKLY_MONDAY = 'FREQ=WEEKLY;BYDAY=MO'

test.use({ locale: 'en-GB', timezoneId: 'Europe/London' })

async function openAt(page: Page, person: Person, time = NOW) {
  await page.clock.install({ time })
  await page.goto('./')
  await signIn(page, person)
}

/** Stores `person`'s tasks, open, in this order, each with an id of their own. */
const seed = (person: Person, tasks: { task: string; due: string; repeat: string }[]) =>
  seedTasks(
    tasks.map((task, order) =>
      newTask({
        ...task,
        id: `${person.email.replace(/\W/g, '')}-${String(order)}`,
        isFinished: false,
        email: person.email,
        order,
      }),
    ),
  )

const hint = (page: Page) => page.locator('.due-hint')
const dateOf = (page: Page, text: string) =>
  row(page, text).locator('.task-due > [aria-hidden="true"]')
const editor = (page: Page) => page.getByRole('dialog', { name: 'Edit Task' })
const toggle = (page: Page, text: string) =>
  row(page, text).getByRole('button', { name: 'Mark as complete' })
const storedOf = async (page: Page, person: Person, text: string) =>
  (await storedTasksOf(page.request, person.email)).find((task) => task.task === text)

for (const { width, way, touch } of [
  { width: 360, way: 'tap', touch: true },
  { width: 1280, way: 'click', touch: false },
] as const) {
  test.describe(`at ${String(width)} px, by ${way}`, () => {
    test.use({ viewport: { width, height: 800 }, hasTouch: touch, isMobile: touch })
    const press = (page: Page, target: Locator) => pressAs(page, way, target)

    test('a repeat typed: the hint says it, Add keeps it; refused, the words stay text', async ({
      page,
      person,
    }) => {
      await openAt(page, person)
      await taskInput(page).pressSequentially('water plants every monday')
      await expect(hint(page)).toContainText('Repeats every Monday, next Mon 14 Dec')
      await expect(taskInput(page)).toHaveAccessibleDescription(
        'Repeats every Monday, next Mon 14 Dec',
      )
      await page.screenshot({ path: `test-results/screens/repeat-hint-${String(width)}.png` })
      await press(page, page.getByRole('button', { name: 'Add Task' }))
      await expect(dateOf(page, 'water plants')).toHaveText('Mon · ↻ every Monday')
      await expect
        .poll(() => storedOf(page, person, 'water plants'))
        .toMatchObject({ due: '2026-12-14', repeat: WEEKLY_MONDAY })

      await taskInput(page).pressSequentially('gym every 3 days')
      await expect(hint(page)).toContainText('Repeats every 3 days, next due today, Wed 9 Dec')
      await press(page, page.getByRole('button', { name: 'Keep “every 3 days” as text' }))
      await expect(hint(page)).toBeEmpty()
      await press(page, page.getByRole('button', { name: 'Add Task' }))
      await expect(row(page, 'gym every 3 days').locator('.task-due')).toHaveCount(0)
      await expect
        .poll(() => storedOf(page, person, 'gym every 3 days'))
        .toMatchObject({ due: null, repeat: null })
    })

    test('ticked, a repeating task moves on and stays open; Undo brings its date back; an overdue one goes after today', async ({
      page,
      person,
    }) => {
      await seed(person, [
        {
          task: 'Pay rent',
          due: '2026-12-09',
          repeat: 'FREQ=DAILY;INTERVAL=3',
        },
        { task: 'Water plants', due: '2026-12-07', repeat: WEEKLY_MONDAY },
      ])
      await openAt(page, person)
      await expect(dateOf(page, 'Water plants')).toHaveText('Overdue · 7 Dec · ↻ every Monday')

      await press(page, toggle(page, 'Pay rent'))
      await expect(dateOf(page, 'Pay rent')).toHaveText('Sat · ↻ every 3 days')
      await expect(toggle(page, 'Pay rent')).toHaveAttribute('aria-pressed', 'false')
      await expect(page.locator('.undo-bar')).toContainText('Done. Next due Sat 12 Dec.')
      await page.screenshot({ path: `test-results/screens/repeat-done-${String(width)}.png` })
      await expect
        .poll(() => storedOf(page, person, 'Pay rent'))
        .toMatchObject({ due: '2026-12-12', isFinished: false })
      await press(page, page.locator('.undo-bar').getByRole('button', { name: 'Undo' }))
      await expect(dateOf(page, 'Pay rent')).toHaveText('Today · ↻ every 3 days')
      await expect
        .poll(async () => (await storedOf(page, person, 'Pay rent'))?.due)
        .toBe('2026-12-09')

      // Overdue since Monday 7 Dec: the next Monday after today, not one in the past.
      await press(page, toggle(page, 'Water plants'))
      await expect(dateOf(page, 'Water plants')).toHaveText('Mon · ↻ every Monday')
      await expect
        .poll(async () => (await storedOf(page, person, 'Water plants'))?.due)
        .toBe('2026-12-14')
    })

    test('the Edit dialog: the repeat in words, changed by typing, a date change keeps it, then stopped', async ({
      page,
      person,
    }) => {
      await seed(person, [{ task: 'Water plants', due: '2026-12-14', repeat: WEEKLY_MONDAY }])
      await openAt(page, person)
      await press(page, await rowButton(page, 'Water plants', 'Edit'))
      const words = editor(page).getByRole('textbox', { name: 'Repeat' })
      await expect(words).toHaveValue('every Monday')
      await words.fill('every blue moon')
      await expect(editor(page)).toContainText('Not a repeat this app reads')
      await expect(editor(page).getByRole('button', { name: 'Save changes' })).toBeDisabled()
      await words.fill('every friday')
      await expect(editor(page)).toContainText('Repeats every Friday.')
      if (touch) {
        // Every control of the dialog is at least 44 px tall on a phone.
        for (const control of await editor(page).locator('input, button, textarea').all()) {
          expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44)
        }
      }
      await press(page, editor(page).getByRole('button', { name: 'Save changes' }))
      await expect(dateOf(page, 'Water plants')).toHaveText('Fri · ↻ every Friday')
      await expect
        .poll(() => storedOf(page, person, 'Water plants'))
        .toMatchObject({ due: '2026-12-11', repeat: 'FREQ=WEEKLY;BYDAY=FR' })

      await press(page, await rowButton(page, 'Water plants', 'Edit'))
      await editor(page).getByLabel('Due date').fill('2026-12-18')
      await press(page, editor(page).getByRole('button', { name: 'Save changes' }))
      await expect(dateOf(page, 'Water plants')).toHaveText('18 Dec · ↻ every Friday')
      await expect
        .poll(() => storedOf(page, person, 'Water plants'))
        .toMatchObject({ due: '2026-12-18', repeat: 'FREQ=WEEKLY;BYDAY=FR' })

      await press(page, await rowButton(page, 'Water plants', 'Edit'))
      await press(page, editor(page).getByRole('button', { name: 'Stop repeating' }))
      await expect(words).toHaveValue('')
      await expect(words).toBeFocused()
      await press(page, editor(page).getByRole('button', { name: 'Save changes' }))
      await expect(dateOf(page, 'Water plants')).toHaveText('18 Dec')
      await expect
        .poll(() => storedOf(page, person, 'Water plants'))
        .toMatchObject({ due: '2026-12-18', repeat: null })
    })

    test('a Todoist CSV with repeats: the preview says so, and they are kept', async ({
      page,
      person,
    }) => {
      await openAt(page, person)
      await press(page, settingsButton(page))
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        press(
          page,
          page
            .getByRole('menu', { name: 'Settings' })
            .getByRole('menuitem', { name: 'Import tasks' }),
        ),
      ])
      await chooser.setFiles(fixturePath('todoist-repeats.csv'))
      const dialog = page.getByRole('dialog', { name: 'Import tasks' })
      await expect(dialog).toContainText(
        '4 tasks repeat in Todoist: each keeps its repeat here, due on its next date.',
      )
      await expect(dialog).toContainText(
        '1 task repeats in Todoist in words this app does not read: it is added once, due on its next date.',
      )
      await press(page, dialog.getByRole('button', { name: 'Add 6 tasks' }))
      // They go to a list named after the file.
      await press(
        page,
        page
          .getByRole('navigation', { name: 'Lists' })
          .getByRole('link', { name: /^todoist-repeats/ }),
      )
      await expect(dateOf(page, 'Water the plants')).toHaveText('Mon · ↻ every Monday')
      await expect(dateOf(page, 'Stand-up')).toHaveText('Tomorrow 9:00 · ↻ every workday')
      await expect(dateOf(page, 'Pay the rent')).toHaveText('1 Jan 2027 · ↻ every 1st')
      await expect(dateOf(page, 'Call mum')).toHaveText('Sun · ↻ every other Sunday')
      await expect(dateOf(page, 'Clean the oven')).toHaveText('Today')
      await expect
        .poll(async () => (await storedTasksOf(page.request, person.email)).map((t) => t.repeat))
        .toEqual([
          WEEKLY_MONDAY,
          'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
          'FREQ=MONTHLY;BYMONTHDAY=1',
          'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU',
          null,
          null,
        ])
    })
  })
}

test('a second device sees the tick move the date on, live', async ({ browser, person }) => {
  test.slow()
  await seed(person, [{ task: 'Stretch', due: '2020-01-06', repeat: 'FREQ=DAILY' }])
  const laptop = await device(browser, person)
  const phone = await device(browser, person)
  await expect(dateOf(phone.page, 'Stretch')).toContainText('Overdue')
  await toggle(laptop.page, 'Stretch').click()
  await expect(dateOf(laptop.page, 'Stretch')).toHaveText('Tomorrow · ↻ every day')
  await expect(dateOf(phone.page, 'Stretch')).toHaveText('Tomorrow · ↻ every day')
})

for (const { zone, now, due, next } of [
  // Berlin's clocks go forward on Sunday 28 March 2027: 9:00 stays 9:00 (08:00Z, then 07:00Z).
  {
    zone: 'Europe/Berlin',
    now: '2027-03-27T09:00:00Z',
    due: '2027-03-27T08:00:00.000Z',
    next: '2027-03-28T07:00:00.000Z',
  },
  // New York's go forward on Sunday 14 March 2027: 9:00 stays 9:00 (14:00Z, then 13:00Z).
  {
    zone: 'America/New_York',
    now: '2027-03-13T15:00:00Z',
    due: '2027-03-13T14:00:00.000Z',
    next: '2027-03-14T13:00:00.000Z',
  },
]) {
  test.describe(`in ${zone}, across the clocks' change`, () => {
    test.use({ timezoneId: zone })
    test('a daily 9:00 ticked the day before is 9:00 the next day', async ({ page, person }) => {
      await seed(person, [{ task: 'Standup', due, repeat: 'FREQ=DAILY' }])
      await openAt(page, person, new Date(now))
      await expect(dateOf(page, 'Standup')).toHaveText('Today 9:00 · ↻ every day')
      await toggle(page, 'Standup').click()
      await expect(dateOf(page, 'Standup')).toHaveText('Tomorrow 9:00 · ↻ every day')
      await expect.poll(async () => (await storedOf(page, person, 'Standup'))?.due).toBe(next)
    })
  })
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no WCAG 2.1 AA violations with a repeat shown, ${colorScheme}`, async ({
    page,
    person,
  }) => {
    await page.emulateMedia({ colorScheme })
    await seed(person, [{ task: 'Water plants', due: '2026-12-07', repeat: WEEKLY_MONDAY }])
    await openAt(page, person)
    await expect(dateOf(page, 'Water plants')).toContainText('↻ every Monday')
    await taskInput(page).pressSequentially('call mum every other sunday')
    await expect(hint(page)).toContainText('Repeats every other Sunday')
    expect(await axeViolations(page)).toEqual([])
    await taskInput(page).fill('')
    await (await rowButton(page, 'Water plants', 'Edit')).click()
    await editor(page).getByRole('textbox', { name: 'Repeat' }).fill('every blue moon')
    await expect(editor(page)).toContainText('Not a repeat this app reads')
    expect(await axeViolations(page)).toEqual([])
  })
}
