import type { Browser, BrowserContext, Page } from '@playwright/test'
import { FINISHED_ORDER_BASE } from '../../src/features/tasks/model/ordering'
import { newTask } from '../../src/services/taskDocument'
import type { Task } from '../../src/services/types'
import { expect, newPerson, row, signIn, taskInput, taskRows, test, type Person } from './fixtures'
import { seedTasks } from './support/backend'
import { pressAs, type Way, type Width } from './support/controls'
import { newDevice } from './support/devices'
import { axeViolations } from './support/pageChecks'

// Today and Upcoming, and the dates they go by, in the browser: the filters with their counts
// in the URL, a row overdue, the day turning at midnight and after a laptop slept, two time
// zones, a change of the clocks, and a second device following a date changed elsewhere. Time
// is Playwright's clock, installed before the page loads; the dates are en-GB's ("3 Dec").

// Devices of their own: each signs in through the popup.
test.slow()

type FilterName = 'All' | 'Open' | 'Finished' | 'Today' | 'Upcoming'
const filter = (page: Page, name: FilterName) =>
  page
    .getByRole('navigation', { name: 'Filter' })
    .getByRole('link', { name: new RegExp(`^${name} \\d+$`) })
const shownTexts = (page: Page) => taskRows(page).locator('.task-text')
/** The row's date as it shows it (the sentence for screen readers is beside it). */
const dateOf = (page: Page, text: string) =>
  row(page, text).locator('.task-due > [aria-hidden="true"]')
const status = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text })

/** The counts of the five filters, as their links say them. */
async function expectCounts(page: Page, counts: Partial<Record<FilterName, number>>) {
  for (const [name, count] of Object.entries(counts) as [FilterName, number][]) {
    await expect(filter(page, name)).toHaveAccessibleName(`${name} ${String(count)}`)
  }
}

interface DeviceOptions {
  width?: Width
  timezoneId?: string
  /** The instant the device's clock starts at (it then runs on by itself). */
  time: string
  colorScheme?: 'light' | 'dark'
  /** Where the page opens (a filter's hash). */
  hash?: string
}

/** A device of `person`: a phone (touch) at 360 px, a laptop at 1280; en-GB, in its zone. */
async function device(
  browser: Browser,
  person: Person,
  { width = 1280, timezoneId = 'Europe/London', time, colorScheme, hash = '' }: DeviceOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newDevice(browser, {
    locale: 'en-GB',
    timezoneId,
    colorScheme,
    viewport: { width, height: 800 },
    ...(width === 360 ? { hasTouch: true, isMobile: true } : {}),
  })
  await context.clock.install({ time })
  const page = await context.newPage()
  await page.goto(`./${hash}`)
  await signIn(page, person)
  return { context, page }
}

/** `person`'s tasks, stored as the app stores them: open ones in the order given, then finished. */
function tasksOf(person: Person, tasks: { task: string; due?: string; done?: boolean }[]): Task[] {
  const prefix = person.email.replace(/[^A-Za-z0-9]/g, '')
  return tasks.map(({ task, due = null, done = false }, i) =>
    newTask({
      id: `${prefix}d${String(i)}`,
      task,
      due,
      isFinished: done,
      email: person.email,
      order: done ? FINISHED_ORDER_BASE + i : i,
    }),
  )
}

/** A mark in the page's window: still there later, the page was not reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => Object.assign(window, { e2eNotReloaded: true }))
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as { e2eNotReloaded?: boolean }).e2eNotReloaded === true)

// Wednesday 2 December 2026, 10:00 in London (GMT, UTC+0 in winter).
const WEDNESDAY = '2026-12-02T10:00:00Z'
/** The person's own order, in which the dates are not. */
const WEEK = [
  { task: 'Renew the passport', due: '2027-01-15' },
  { task: 'Read a novel' },
  { task: 'Book the dentist', due: '2026-12-03' },
  { task: 'Water the plants', due: '2026-12-02' },
  { task: 'Pay the gas bill', due: '2026-11-30' },
  { task: 'Post the card', due: '2026-12-01', done: true },
]
const OPEN = WEEK.slice(0, 5).map(({ task }) => task)

for (const width of [360, 1280] as const) {
  const way: Way = width === 360 ? 'tap' : 'click'

  test(`Today and Upcoming at ${String(width)} px (${way} and keys): their tasks and counts, kept across a reload and Back`, async ({
    browser,
  }) => {
    const person = newPerson('Dates')
    await seedTasks(tasksOf(person, WEEK))
    const { page } = await device(browser, person, { width, time: WEDNESDAY })
    await expect(shownTexts(page)).toHaveText([...OPEN, 'Post the card'])
    await expectCounts(page, { All: 6, Open: 5, Finished: 1, Today: 2, Upcoming: 4 })
    // The row says the date in words; overdue in words too, not in colour alone.
    await expect(dateOf(page, 'Pay the gas bill')).toHaveText('Overdue · 30 Nov')
    await expect(dateOf(page, 'Water the plants')).toHaveText('Today')
    await expect(dateOf(page, 'Book the dentist')).toHaveText('Tomorrow')
    await expect(dateOf(page, 'Renew the passport')).toHaveText('15 Jan 2027')
    await expect(dateOf(page, 'Post the card')).toHaveText('Yesterday')

    await pressAs(page, way, filter(page, 'Today'))
    await expect(page).toHaveURL(/#\/today$/)
    await expect(filter(page, 'Today')).toHaveAttribute('aria-current', 'page')
    // Soonest first: the overdue one before today's.
    await expect(shownTexts(page)).toHaveText(['Pay the gas bill', 'Water the plants'])
    await page.reload()
    await expect(shownTexts(page)).toHaveText(['Pay the gas bill', 'Water the plants'])
    await expect(filter(page, 'Today')).toHaveAttribute('aria-current', 'page')

    await pressAs(page, 'keys', filter(page, 'Upcoming'))
    await expect(page).toHaveURL(/#\/upcoming$/)
    await expect(shownTexts(page)).toHaveText([
      'Pay the gas bill',
      'Water the plants',
      'Book the dentist',
      'Renew the passport',
    ])
    await page.reload()
    await expect(filter(page, 'Upcoming')).toHaveAttribute('aria-current', 'page')
    await expect(shownTexts(page)).toHaveText([
      'Pay the gas bill',
      'Water the plants',
      'Book the dentist',
      'Renew the passport',
    ])

    // A task without a date added here is not in view: said, as Find says it.
    await taskInput(page).fill('Call the plumber')
    await taskInput(page).press('Enter')
    await expect(
      status(page, 'Added “Call the plumber”: hidden by the Upcoming filter.'),
    ).toBeVisible()
    await expectCounts(page, { All: 7, Open: 6, Upcoming: 4 })

    await page.goBack()
    await expect(page).toHaveURL(/#\/today$/)
    await expect(shownTexts(page)).toHaveText(['Pay the gas bill', 'Water the plants'])
    await page.goBack()
    await expect(filter(page, 'All')).toHaveAttribute('aria-current', 'page')
    // All keeps the person's own order: the dates never reorder it.
    await expect(shownTexts(page)).toHaveText([...OPEN, 'Call the plumber', 'Post the card'])
    await pressAs(page, way, filter(page, 'Open'))
    await expect(shownTexts(page)).toHaveText([...OPEN, 'Call the plumber'])
  })
}

test('midnight passes with the page open: Tomorrow becomes Today, and Today’s count follows, with no reload', async ({
  browser,
}) => {
  const person = newPerson('Midnight')
  await seedTasks(
    tasksOf(person, [
      { task: 'Book the dentist', due: '2026-12-03' },
      { task: 'Water the plants', due: '2026-12-02' },
    ]),
  )
  // 23:55 in London: time to sign in before midnight.
  const { page } = await device(browser, person, { time: '2026-12-02T23:55:00Z', hash: '#/today' })
  await expect(shownTexts(page)).toHaveText(['Water the plants'])
  await expect(dateOf(page, 'Book the dentist')).toHaveCount(0)
  await expectCounts(page, { Today: 1, Upcoming: 2 })
  await pressAs(page, 'click', filter(page, 'Upcoming'))
  await expect(dateOf(page, 'Book the dentist')).toHaveText('Tomorrow')
  await expect(dateOf(page, 'Water the plants')).toHaveText('Today')
  await markPage(page)

  // On past midnight, by the clock's own timers, as a page left open sees it.
  const now = await page.evaluate(() => Date.now())
  await page.clock.fastForward(Date.parse('2026-12-03T00:00:01Z') - now)
  await expect(dateOf(page, 'Book the dentist')).toHaveText('Today')
  await expect(dateOf(page, 'Water the plants')).toHaveText('Overdue · Yesterday')
  await expectCounts(page, { Today: 2, Upcoming: 2 })
  await pressAs(page, 'click', filter(page, 'Today'))
  await expect(shownTexts(page)).toHaveText(['Water the plants', 'Book the dentist'])
  expect(await notReloaded(page)).toBe(true)
})

test('a laptop that slept across midnight is right as soon as it wakes', async ({ browser }) => {
  const person = newPerson('Sleeper')
  await seedTasks(tasksOf(person, [{ task: 'Book the dentist', due: '2026-12-03' }]))
  const { page } = await device(browser, person, { time: '2026-12-02T22:00:00Z' })
  await pressAs(page, 'click', filter(page, 'Today'))
  await expect(page.getByText('Nothing is due today or overdue.')).toBeVisible()
  await expectCounts(page, { Today: 0, Upcoming: 1 })
  await markPage(page)

  // Asleep: the clock jumps to the morning, and no timer runs (the clock held still, so that
  // neither the midnight timer nor the minute's look can answer). Waking, the browser says
  // the page is visible and focused again: that alone must put it right.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  await page.clock.setSystemTime('2026-12-03T07:30:00Z')
  await expect(dateOf(page, 'Book the dentist')).toHaveCount(0)
  await page.evaluate(() => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    window.dispatchEvent(new Event('focus'))
  })
  await expect(shownTexts(page)).toHaveText(['Book the dentist'])
  await expect(dateOf(page, 'Book the dentist')).toHaveText('Today')
  await expectCounts(page, { Today: 1, Upcoming: 1 })
  expect(await notReloaded(page)).toBe(true)
  await page.clock.resume()
})

test('in two time zones a day is the same day, and a time is each zone’s own', async ({
  browser,
}) => {
  const person = newPerson('Traveller')
  await seedTasks(
    tasksOf(person, [
      { task: 'Christmas Eve dinner', due: '2026-12-24' },
      // 03:30 UTC: 16:30 in Auckland (NZDT, UTC+13), 19:30 the evening before in Los Angeles.
      { task: 'Call across the world', due: '2026-12-24T03:30:00.000Z' },
      { task: 'Send the card', due: '2026-12-03' },
    ]),
  )
  // One instant: Thursday 3 December, 09:00 in Auckland; Wednesday 2 December, 12:00 in LA.
  const time = '2026-12-02T20:00:00Z'
  const auckland = await device(browser, person, { timezoneId: 'Pacific/Auckland', time })
  const losAngeles = await device(browser, person, { timezoneId: 'America/Los_Angeles', time })

  for (const { page } of [auckland, losAngeles]) {
    await expect(dateOf(page, 'Christmas Eve dinner')).toHaveText('24 Dec')
  }
  await expect(dateOf(auckland.page, 'Call across the world')).toHaveText('24 Dec 16:30')
  await expect(dateOf(losAngeles.page, 'Call across the world')).toHaveText('23 Dec 19:30')
  // Each device's today is its own day.
  await expect(dateOf(auckland.page, 'Send the card')).toHaveText('Today')
  await expect(dateOf(losAngeles.page, 'Send the card')).toHaveText('Tomorrow')
  await expectCounts(auckland.page, { Today: 1, Upcoming: 3 })
  await expectCounts(losAngeles.page, { Today: 0, Upcoming: 3 })
  await pressAs(losAngeles.page, 'click', filter(losAngeles.page, 'Upcoming'))
  // Soonest first by each zone's own calendar: Call across the world is on the 23rd there.
  await expect(shownTexts(losAngeles.page)).toHaveText([
    'Send the card',
    'Call across the world',
    'Christmas Eve dinner',
  ])
  await pressAs(auckland.page, 'click', filter(auckland.page, 'Upcoming'))
  await expect(shownTexts(auckland.page)).toHaveText([
    'Send the card',
    'Christmas Eve dinner',
    'Call across the world',
  ])
})

test('a laptop taken from London to Berlin shows its times in Berlin when it wakes, with no reload', async ({
  browser,
}) => {
  const person = newPerson('Flyer')
  // 23:30 on Wednesday 2 December in London is 00:30 on Thursday in Berlin.
  await seedTasks(tasksOf(person, [{ task: 'Late call', due: '2026-12-02T23:30:00.000Z' }]))
  // The zone is this page's own CDP override, not the context's: Chromium lets only the one
  // who set a zone change it, as the OS does when the laptop lands.
  const context = await newDevice(browser, {
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
  })
  // Wednesday 2 December, 10:00 in London, 11:00 in Berlin: the same day in both.
  await context.clock.install({ time: '2026-12-02T10:00:00Z' })
  const page = await context.newPage()
  const zone = await context.newCDPSession(page)
  await zone.send('Emulation.setTimezoneOverride', { timezoneId: 'Europe/London' })
  await page.goto('./')
  await signIn(page, person)
  await expect(dateOf(page, 'Late call')).toHaveText('Today 23:30')
  await expectCounts(page, { Today: 1, Upcoming: 1 })
  await markPage(page)

  // Landed: the system's zone is Berlin's, and the browser says the page is focused again.
  await zone.send('Emulation.setTimezoneOverride', { timezoneId: 'Europe/Berlin' })
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(dateOf(page, 'Late call')).toHaveText('Tomorrow 0:30')
  await expectCounts(page, { Today: 0, Upcoming: 1 })
  expect(await notReloaded(page)).toBe(true)
})

test('across the change to summer time in London, days, times and Tomorrow stay right', async ({
  browser,
}) => {
  const person = newPerson('Summer time')
  await seedTasks(
    tasksOf(person, [
      { task: 'Date-only Sunday', due: '2027-03-28' },
      // 09:00 BST (UTC+1) on Sunday 28 March: 08:00 UTC.
      { task: 'Brunch at nine', due: '2027-03-28T08:00:00.000Z' },
      { task: 'Date-only Monday', due: '2027-03-29' },
    ]),
  )
  // Saturday 27 March, 23:50 GMT; at 01:00 GMT on the 28th the clocks go forward to 02:00 BST.
  const { page } = await device(browser, person, { time: '2027-03-27T23:50:00Z' })
  await expect(dateOf(page, 'Date-only Sunday')).toHaveText('Tomorrow')
  await expect(dateOf(page, 'Brunch at nine')).toHaveText('Tomorrow 9:00')
  await expect(dateOf(page, 'Date-only Monday')).toHaveText('Mon')

  const forward = async (to: string) => {
    const now = await page.evaluate(() => Date.now())
    await page.clock.fastForward(Date.parse(to) - now)
  }
  await forward('2027-03-28T00:00:01Z')
  await expect(dateOf(page, 'Date-only Sunday')).toHaveText('Today')
  await expect(dateOf(page, 'Brunch at nine')).toHaveText('Today 9:00')
  await expect(dateOf(page, 'Date-only Monday')).toHaveText('Tomorrow')
  // Past the change: 03:00 BST, the same day, the same times.
  await forward('2027-03-28T02:00:00Z')
  expect(await page.evaluate(() => new Date().getHours())).toBe(3)
  await expect(dateOf(page, 'Brunch at nine')).toHaveText('Today 9:00')
  await expect(dateOf(page, 'Date-only Monday')).toHaveText('Tomorrow')
  await expectCounts(page, { Today: 2, Upcoming: 3 })

  // The day, 23 hours long, ends at midnight BST: 23:00 UTC, an hour before UTC's midnight.
  await page.clock.setSystemTime('2027-03-28T22:59:00Z')
  await page.clock.runFor('02:00')
  await expect(dateOf(page, 'Date-only Monday')).toHaveText('Today')
  await expect(dateOf(page, 'Date-only Sunday')).toHaveText('Overdue · Yesterday')
  await expect(dateOf(page, 'Brunch at nine')).toHaveText('Overdue · Yesterday 9:00')
  await expectCounts(page, { Today: 3, Upcoming: 3 })
})

test('a date changed elsewhere shows on a second open device, its row and counts, with no reload', async ({
  browser,
}) => {
  const person = newPerson('Two devices')
  const tasks = tasksOf(person, [
    { task: 'Water the plants', due: '2026-12-02' },
    { task: 'Book the dentist', due: '2026-12-09' },
    { task: 'Read a novel' },
  ])
  await seedTasks(tasks)
  const laptop = await device(browser, person, { time: WEDNESDAY })
  const phone = await device(browser, person, { width: 360, time: WEDNESDAY, hash: '#/today' })
  await expect(shownTexts(phone.page)).toHaveText(['Water the plants'])
  await expectCounts(phone.page, { Today: 1, Upcoming: 2 })
  await markPage(phone.page)

  // Another device moves the dentist to today, and gives the novel a date.
  const [plants, dentist, novel] = tasks as [Task, Task, Task]
  await seedTasks([
    { ...dentist, due: '2026-12-02' },
    { ...novel, due: '2026-12-05T18:30:00.000Z' },
  ])
  await expect(shownTexts(phone.page)).toHaveText(['Water the plants', 'Book the dentist'])
  await expectCounts(phone.page, { Today: 2, Upcoming: 3 })
  await expect(dateOf(laptop.page, 'Book the dentist')).toHaveText('Today')
  await expect(dateOf(laptop.page, 'Read a novel')).toHaveText('Sat 18:30')

  // The date cleared: out of Today, said on the phone, which shows it in the filter.
  await seedTasks([{ ...plants, due: null }])
  await expect(
    status(phone.page, 'Changed “Water the plants”: hidden by the Today filter.'),
  ).toBeVisible()
  await expect(shownTexts(phone.page)).toHaveText(['Book the dentist'])
  await expectCounts(phone.page, { Today: 1, Upcoming: 2 })
  await expect(dateOf(laptop.page, 'Water the plants')).toHaveCount(0)
  expect(await notReloaded(phone.page)).toBe(true)
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`dated rows, overdue among them, and Today and Upcoming: no WCAG 2.1 AA violations (${colorScheme})`, async ({
    browser,
  }) => {
    const person = newPerson('Axe')
    await seedTasks(tasksOf(person, WEEK))
    for (const width of [360, 1280] as const) {
      const { page, context } = await device(browser, person, {
        width,
        time: WEDNESDAY,
        colorScheme,
      })
      await expect(dateOf(page, 'Pay the gas bill')).toHaveText('Overdue · 30 Nov')
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({
        path: `test-results/screens/due-${colorScheme}-${String(width)}.png`,
      })
      await pressAs(page, width === 360 ? 'tap' : 'click', filter(page, 'Today'))
      await expect(shownTexts(page)).toHaveText(['Pay the gas bill', 'Water the plants'])
      expect(await axeViolations(page)).toEqual([])
      await pressAs(page, width === 360 ? 'tap' : 'click', filter(page, 'Upcoming'))
      await page.getByRole('searchbox', { name: 'Find tasks' }).fill('zebra')
      await expect(page.getByText('No open task with a date matches “zebra”.')).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await context.close()
    }
  })
}
