import type { Page } from '@playwright/test'
import { addTasks, expect, newPerson, row, rowTexts, signIn, taskRows, test } from './fixtures'
import {
  accountLine,
  chooseInSettings,
  exportAs,
  fixturePath,
  importFile,
  settingsButton,
} from './support/account'
import { axeViolations } from './support/pageChecks'
import { seedTasks, storedCountOf, storedListsOf, storedTasksOf } from './support/backend'
import { FINISHED_ORDER_BASE } from '../../src/features/tasks/model/ordering'
import { newTask } from '../../src/services/taskDocument'
import { queuedWrites } from './support/deviceStore'
import { device } from './support/devices'
import { goOffline, goOnline } from './support/network'
import { counted, sized } from './support/sizes'

// Export, import (this app's files, Google Tasks' Takeout, Todoist's CSV) and Undo, on the
// production build with both emulators. Delete account: account.delete.spec.ts.

test('Settings sits beside the picture, and the picture still signs out', async ({
  signedIn: page,
}) => {
  await expect(settingsButton(page)).toHaveAttribute('aria-haspopup', 'menu')
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible()
  await expect(settingsButton(page)).toHaveCount(0)
})

test('export, then import into another account, gives the same list', async ({
  signedIn: page,
  person,
}) => {
  await addTasks(page, 'Water the plants', 'Call the plumber, then "Bob"', 'Buy oat milk')
  await row(page, 'Buy oat milk').getByRole('button', { name: 'Mark as complete' }).click()
  await expect(
    row(page, 'Buy oat milk').getByRole('button', { name: 'Mark as incomplete' }),
  ).toBeVisible()
  const shown = await rowTexts(page)
  const json = await exportAs(page, 'JSON')
  const day = new Date().toLocaleDateString('sv')
  expect(json.name).toBe(`todo-tasks-${day}.json`)
  const csv = await exportAs(page, 'CSV')
  expect(csv.name).toBe(`todo-tasks-${day}.csv`)
  expect(csv.text.split('\r\n')[0]).toBe('id,text,finished,place')

  const saved = (email: string) =>
    storedTasksOf(page.request, email).then((tasks) =>
      tasks.map(({ task, isFinished }) => ({ task, isFinished })),
    )
  // What the server holds once the device has sent everything (on a busy machine, later).
  await expect.poll(() => queuedWrites(page), { timeout: 60_000 }).toEqual([])
  const theirs = await saved(person.email)
  await page.getByRole('button', { name: 'Log Out' }).click()
  const other = { email: `other-${person.email}`, displayName: 'Grace Hopper' }
  await signIn(page, other)

  const dialog = await importFile(page, json.path)
  await expect(dialog).toContainText('3 tasks to add, 1 of them finished.')
  await dialog.getByRole('button', { name: 'Add 3 tasks' }).click()
  await expect(taskRows(page)).toHaveCount(3)
  expect(await rowTexts(page)).toEqual(shown)
  await expect.poll(() => saved(other.email)).toEqual(theirs)
  await expect(accountLine(page)).toContainText('Imported 3 tasks.')

  // The CSV brings the same tasks again: each is a duplicate now.
  const again = await importFile(page, csv.path)
  await expect(again).toContainText('Nothing to add.')
  await expect(again).toContainText('3 already in your list')
  await again.getByRole('button', { name: 'Close' }).click()
})

test('export and import give back every text exactly: formulas, apostrophes, line breaks, edge spaces', async ({
  signedIn: page,
  person,
}) => {
  // Texts the original app could store (the rules allow them), as it stored them.
  const texts = [
    "'=x",
    '=x',
    "  =cmd|' /C calc'!A0",
    '@home',
    'Two\nlines',
    '  edge spaces  ',
    'Plain',
  ]
  await seedTasks(
    texts.map((task, i) =>
      newTask({
        id: `${person.email.replace(/\W/g, '')}x${String(i)}`,
        task,
        isFinished: i === 0,
        email: person.email,
        order: i === 0 ? FINISHED_ORDER_BASE : i,
      }),
    ),
  )
  await page.reload()
  await expect(taskRows(page)).toHaveCount(texts.length)
  const csv = await exportAs(page, 'CSV')
  // A spreadsheet takes each of these cells for text: it begins with an apostrophe. One more
  // goes before apostrophes that precede such a start, so the import can take off just ours.
  for (const cell of [
    `,'=x,false,1\r\n`,
    `,'  =cmd|' /C calc'!A0,false,2\r\n`,
    `,'@home,false,3\r\n`,
    `,"Two\nlines",false,4\r\n`,
    `,"  edge spaces  ",false,5\r\n`,
    `,''=x,true,7\r\n`,
  ]) {
    expect(csv.text).toContain(cell)
  }
  const json = await exportAs(page, 'JSON')
  const stored = async (email: string) =>
    (await storedTasksOf(page.request, email)).map(({ task, isFinished }) => ({ task, isFinished }))
  const theirs = await stored(person.email)

  for (const [file, format] of [
    [json, 'JSON'],
    [csv, 'CSV'],
  ] as const) {
    await page.getByRole('button', { name: 'Log Out' }).click()
    const other = newPerson('Grace Hopper')
    await signIn(page, other)
    const dialog = await importFile(page, file.path)
    await expect(dialog).toContainText('7 tasks to add, 1 of them finished.')
    await dialog.getByRole('button', { name: 'Add 7 tasks' }).click()
    await expect.poll(() => stored(other.email), { message: format }).toEqual(theirs)
  }
})

test('the preview names what a file holds that is not kept, and each line it cannot read', async ({
  signedIn: page,
  person,
}) => {
  const takeout = await importFile(page, fixturePath('takeout-details.json'))
  await expect(takeout).toContainText('7 tasks to add, 2 of them finished.')
  await expect(takeout).toContainText('1 task has no title: its notes are its text.')
  await expect(takeout).toContainText(
    '1 task was cleared from view in Google Tasks: it is added as finished.',
  )
  // Its lists are kept (lists.import.spec.ts), so they are not in what is not kept.
  await expect(takeout.getByRole('list').last().getByRole('listitem')).toHaveText([
    'notes on 2 tasks',
    'subtasks: 2 added as tasks of their own',
    'a link on 1 task',
  ])
  await takeout.getByRole('button', { name: 'Add 7 tasks' }).click()
  await expect
    .poll(async () => (await storedTasksOf(page.request, person.email)).map(({ task }) => task))
    .toContain('Ask Sam about the spare keys')

  const todoist = await importFile(page, fixturePath('todoist-details.csv'))
  await expect(todoist).toContainText('Lines 10 and 16 could not be read and are left out.')
  // Its tasks go to its own list, "todoist-details": the kettle the Takeout file brought is in
  // Home, so this one is no duplicate. Its dates are kept (account.dates.spec.ts); a deadline
  // is not.
  await expect(todoist).toContainText('9 tasks to add, none of them finished.')
  await expect(todoist.getByRole('list').first().getByRole('listitem')).toHaveText([
    'todoist-details (new list): 9 tasks',
  ])
  await expect(todoist.getByRole('list').last().getByRole('listitem')).toHaveText([
    'notes on 2 tasks',
    'a deadline on 1 task',
    '2 sections (their tasks are added without them)',
    'priorities on 3 tasks',
    'subtasks: 2 added as tasks of their own',
  ])
  expect(await axeViolations(page)).toEqual([])
  await todoist.getByRole('button', { name: 'Add 9 tasks' }).click()
  // The rows after the broken one are all there.
  await expect.poll(() => storedCountOf(page.request, person.email)).toBe(16)
  await page
    .getByRole('navigation', { name: 'Lists' })
    .getByRole('link', { name: /^todoist-details/ })
    .click()
  await expect(row(page, 'Wipe the hob')).toBeVisible()
})

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the preview’s sentences wrap: none is cut short', async ({ signedIn: page }) => {
    const dialog = await importFile(page, fixturePath('todoist-details.csv'))
    await expect(dialog).toContainText('Lines 10 and 16 could not be read and are left out.')
    const cut = await dialog
      .locator('p, li')
      .evaluateAll((texts) =>
        texts.filter((text) => text.scrollWidth > text.clientWidth).map((text) => text.textContent),
      )
    expect(cut).toEqual([])
    await expect(dialog.getByRole('button', { name: 'Add 9 tasks' })).toBeInViewport()
  })
})

/** A file of `count` tasks of this app, made here. */
const manyTasks = (count: number) => ({
  name: 'many.json',
  mimeType: 'application/json',
  buffer: Buffer.from(
    JSON.stringify({
      format: 'todo-tasks',
      version: 1,
      tasks: Array.from({ length: count }, (_, i) => ({
        id: `m${String(i)}`,
        text: `Imported ${String(i + 1)}`,
        finished: false,
        place: i + 1,
      })),
    }),
  ),
})

// 3,000 in a full run; in `npm test` 1,500: three slices of an import (IMPORT_SLICE in
// src/features/account/clicks.ts, 500), so that it is cut off with one saved and more to send.
const CUT_IMPORT = sized(3000, 1500)
// 1,500 in a full run; in `npm test` 1,000: two slices, so that Undo comes while it is written.
const UNDONE_IMPORT = sized(1500, 1000)

const savedOnLine = async (page: Page) =>
  Number(
    /: ([\d,]+) saved…/
      .exec((await accountLine(page).textContent()) ?? '')?.[1]
      ?.replaceAll(',', '') ?? -1,
  )

test('an import cut off midway goes on once back online; another device sees it all', async ({
  signedIn: page,
  context,
  person,
  browser,
}) => {
  // Thousands of writes on the emulator: minutes on a busy machine.
  test.setTimeout(15 * 60_000)
  const other = await device(browser, person)
  const dialog = await importFile(page, manyTasks(CUT_IMPORT))
  await dialog.getByRole('button', { name: `Add ${counted(CUT_IMPORT)} tasks` }).click()
  await expect.poll(() => savedOnLine(page), { timeout: 120_000 }).toBeGreaterThan(0)
  await goOffline(context)
  await expect(accountLine(page)).toContainText(
    `Imported ${counted(CUT_IMPORT)} tasks. Offline: they are kept on this device and will be sent.`,
  )
  const before = await storedCountOf(page.request, person.email)
  console.log(`import cut off: ${String(before)} of ${String(CUT_IMPORT)} on the server`)
  expect(before).toBeLessThan(CUT_IMPORT)
  await goOnline(context)
  await expect
    .poll(() => storedCountOf(page.request, person.email), { timeout: 12 * 60_000 })
    .toBe(CUT_IMPORT)
  await expect(accountLine(page)).toContainText(`Imported ${counted(CUT_IMPORT)} tasks.`, {
    timeout: 120_000,
  })
  await expect(taskRows(other.page).first()).toHaveAttribute('aria-setsize', String(CUT_IMPORT), {
    timeout: 300_000,
  })
})

test('Undo while an import is still being written, then a reload: none of it stays anywhere', async ({
  signedIn: page,
  person,
  browser,
}) => {
  test.setTimeout(15 * 60_000)
  await addTasks(page, 'Keep me')
  const other = await device(browser, person)
  const dialog = await importFile(page, manyTasks(UNDONE_IMPORT))
  await dialog.getByRole('button', { name: `Add ${counted(UNDONE_IMPORT)} tasks` }).click()
  await expect(accountLine(page)).toContainText(`Importing ${counted(UNDONE_IMPORT)} tasks:`)
  await accountLine(page).getByRole('button', { name: 'Undo' }).click()
  await expect(accountLine(page)).toContainText('Import undone:')
  await expect(taskRows(page)).toHaveCount(1)
  const removed = Number(
    /undone: ([\d,]+) tasks/
      .exec((await accountLine(page).textContent()) ?? '')?.[1]
      ?.replace(',', ''),
  )
  // The deletes wait on the device (its disk) behind the adds, and go once the page is back.
  await expect
    .poll(async () => (await queuedWrites(page)).filter(({ deletes }) => deletes).length)
    .toBe(removed)
  await page.reload()
  await expect(row(page, 'Keep me')).toBeVisible()
  await expect
    .poll(async () => (await storedTasksOf(page.request, person.email)).map(({ task }) => task), {
      timeout: 12 * 60_000,
    })
    .toEqual(['Keep me'])
  await expect(taskRows(page)).toHaveCount(1)
  await expect(taskRows(other.page)).toHaveCount(1, { timeout: 300_000 })
})

test('a Takeout import and a Todoist import each reach the server, in their lists', async ({
  signedIn: page,
  person,
}) => {
  const dialog = await importFile(page, fixturePath('Tasks.json'))
  await expect(dialog).toContainText('From “Tasks.json” (Google Tasks):')
  await expect(dialog).toContainText('5 tasks to add, 2 of them finished.')
  await expect(dialog).toContainText('1 with no text')
  await expect(dialog).toContainText('1 deleted in Google Tasks')
  await dialog.getByRole('button', { name: 'Add 5 tasks' }).click()
  const stored = async () => {
    const lists = new Map(
      (await storedListsOf(page.request, person.email)).map(({ id, name }) => [id, name]),
    )
    return (await storedTasksOf(page.request, person.email)).map(
      ({ task, isFinished, list }) =>
        `${task}${isFinished ? ' ✓' : ''}${list === null ? '' : ` (${lists.get(list) ?? list})`}`,
    )
  }
  const takeout = [
    'Renew the passport',
    'Plant the tulip bulbs (Garden)',
    'Sharpen the shears (Garden)',
    'Book the dentist ✓',
    'Rake the leaves ✓ (Garden)',
  ]
  await expect.poll(stored).toEqual(takeout)

  const todoist = await importFile(page, fixturePath('todoist.csv'))
  await expect(todoist).toContainText('From “todoist.csv” (Todoist):')
  await expect(todoist).toContainText('3 tasks to add, none of them finished.')
  await todoist.getByRole('button', { name: 'Add 3 tasks' }).click()
  await expect
    .poll(stored)
    .toEqual([
      ...takeout.slice(0, 3),
      'Descale the kettle (todoist)',
      'Buy bread, eggs and "good" coffee (todoist)',
      'Send the invoice @work (todoist)',
      ...takeout.slice(3),
    ])
  // My tasks is shown: the file's My Tasks.
  expect(await rowTexts(page)).toEqual(['Renew the passport', 'Book the dentist'])
})

test('one Undo takes a whole import back, on the server too', async ({
  signedIn: page,
  person,
}) => {
  await addTasks(page, 'Keep me')
  const dialog = await importFile(page, fixturePath('todo-tasks-2026-11-27.json'))
  await dialog.getByRole('button', { name: 'Add 3 tasks' }).click()
  await expect(taskRows(page)).toHaveCount(4)
  await expect.poll(() => storedCountOf(page.request, person.email)).toBe(4)
  await accountLine(page).getByRole('button', { name: 'Undo' }).click()
  await expect(accountLine(page)).toContainText('Import undone: 3 tasks removed.')
  await expect(taskRows(page)).toHaveCount(1)
  await expect
    .poll(async () => (await storedTasksOf(page.request, person.email)).map(({ task }) => task))
    .toEqual(['Keep me'])
})

test('a bad file gets one message naming what is wrong, and nothing is added', async ({
  signedIn: page,
  person,
}) => {
  for (const [name, said] of [
    ['broken.json', '“broken.json” is not valid JSON. Nothing was added.'],
    ['not-tasks.png', '“not-tasks.png” is not a JSON or CSV file. Nothing was added.'],
    [
      'unknown-columns.csv',
      '“unknown-columns.csv” is not a file this app can import: its columns are neither this app’s (text, finished) nor Todoist’s (TYPE, CONTENT). Nothing was added.',
    ],
  ] as const) {
    const dialog = await importFile(page, fixturePath(name))
    await expect(dialog.getByRole('alert')).toHaveText(said)
    await dialog.getByRole('button', { name: 'Close' }).click()
  }
  await expect(page.getByText('No tasks have been added yet')).toBeVisible()
  expect(await storedCountOf(page.request, person.email)).toBe(0)
})

test('the menu and each dialog open: no WCAG 2.1 AA violations, keys as the menu pattern says', async ({
  signedIn: page,
}) => {
  await addTasks(page, 'Buy oat milk')
  await settingsButton(page).focus()
  await page.keyboard.press('ArrowDown')
  const menu = page.getByRole('menu', { name: 'Settings' })
  await expect(menu.getByRole('menuitem', { name: 'Export tasks' })).toBeFocused()
  expect(await axeViolations(page)).toEqual([])
  await page.keyboard.press('ArrowUp')
  await expect(menu.getByRole('menuitem', { name: 'Delete account' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(settingsButton(page)).toBeFocused()

  await chooseInSettings(page, 'Export tasks')
  await expect(page.getByRole('dialog', { name: 'Export tasks' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  const dialog = await importFile(page, fixturePath('Tasks.json'))
  await expect(dialog).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await chooseInSettings(page, 'Delete account')
  await expect(page.getByRole('dialog', { name: 'Delete account' })).toContainText('1 task')
  expect(await axeViolations(page)).toEqual([])
})
