import type { Locator, Page } from '@playwright/test'
import { expect, newPerson, rowTexts, signIn, test } from './fixtures'
import { accountLine, exportAs, fixturePath, importFile } from './support/account'
import { storedListsOf, storedTasksOf } from './support/backend'
import { queuedWrites } from './support/deviceStore'
import { goOffline, goOnline } from './support/network'

// Import and export keep the lists (issue 47): a Google Takeout file's lists become the
// person's, each list written before its tasks; this app's export names them, and imported into
// a fresh account gives them back. At a phone's width with taps and a laptop's with the mouse.

const lists = (page: Page) => page.getByRole('navigation', { name: 'Lists' })
const listLink = (page: Page, name: RegExp) => lists(page).getByRole('link', { name })
/** What the Import dialog says each list gets: its first list. */
const whereTheyGo = (dialog: Locator) => dialog.getByRole('list').first().getByRole('listitem')

/** The file's tasks, by list, as they are shown (open, then finished). */
const TAKEOUT = {
  'My tasks': ['Renew the passport', 'Book the dentist'],
  Work: ['Send the invoice', 'Write the report', 'Book the meeting room'],
  Groceries: ['Oat milk', 'Bread', 'Coffee beans', 'Apples'],
}

/** Each stored task with its list's name (none: My tasks), in the person's order. */
async function storedByList(page: Page, email: string) {
  const names = new Map((await storedListsOf(page.request, email)).map((l) => [l.id, l.name]))
  return (await storedTasksOf(page.request, email)).map(({ task, list }) => [
    task,
    list === null ? null : (names.get(list) ?? `slot ${list}`),
  ])
}
const STORED = [
  ['Renew the passport', null],
  ['Send the invoice', 'Work'],
  ['Write the report', 'Work'],
  ['Oat milk', 'Groceries'],
  ['Bread', 'Groceries'],
  ['Coffee beans', 'Groceries'],
  ['Apples', 'Groceries'],
  ['Book the dentist', null],
  ['Book the meeting room', 'Work'],
]

for (const { width, hasTouch } of [
  { width: 360, hasTouch: true },
  { width: 1280, hasTouch: false },
]) {
  test.describe(`at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch })
    const press = (target: Locator) => (hasTouch ? target.tap() : target.click())

    /** Each list shows its own tasks, one tap or click away. */
    async function eachListShows(page: Page, shown: Record<string, string[]>) {
      for (const [name, texts] of Object.entries(shown)) {
        await press(listLink(page, new RegExp(`^${name}`)))
        await expect(listLink(page, new RegExp(`^${name}`))).toHaveAttribute('aria-current', 'page')
        await expect.poll(() => rowTexts(page)).toEqual(texts)
      }
    }

    test('a Takeout file with three lists gives three lists, with their tasks and counts; each list is sent before its tasks', async ({
      signedIn: page,
      context,
      person,
    }, testInfo) => {
      // Offline, the writes wait on the device in the order the page gave them.
      await goOffline(context)
      const dialog = await importFile(page, fixturePath('takeout-lists.json'))
      await expect(dialog).toContainText('9 tasks to add, 2 of them finished.')
      await expect(dialog).toContainText('Where they go:')
      await expect(whereTheyGo(dialog)).toHaveText([
        'My tasks: 2 tasks',
        'Work (new list): 3 tasks',
        'Groceries (new list): 4 tasks',
      ])
      await expect(dialog).not.toContainText('Not kept')
      await page.screenshot({ path: testInfo.outputPath(`import-lists-${String(width)}.png`) })
      await press(dialog.getByRole('button', { name: 'Add 9 tasks' }))

      // Open counts: My tasks 1, Work 2, Groceries 4.
      await expect(lists(page).getByRole('link')).toHaveText([
        'My tasks 1',
        'Work 2',
        'Groceries 4',
      ])
      await expect(accountLine(page)).toContainText('Imported 9 tasks and 2 new lists.')
      // Once the SDK has kept all 11 on the device: the lists first, then the tasks' batch.
      await expect.poll(async () => (await queuedWrites(page)).length).toBe(11)
      const queued = await queuedWrites(page)
      const isList = ({ values }: { values: Record<string, unknown> }) => 'made' in values
      expect(queued.filter(isList).map(({ values }) => values.name)).toEqual(['Work', 'Groceries'])
      expect(queued.map(isList)).toEqual([true, true, ...Array<boolean>(9).fill(false)])

      await goOnline(context)
      await expect
        .poll(async () =>
          (await storedListsOf(page.request, person.email)).map((l) => l.name).sort(),
        )
        .toEqual(['Groceries', 'Work'])
      await expect.poll(() => storedByList(page, person.email), { timeout: 60_000 }).toEqual(STORED)
      await eachListShows(page, TAKEOUT)
      await page.reload()
      await expect(lists(page).getByRole('link')).toHaveText([
        'My tasks 1',
        'Work 2',
        'Groceries 4',
      ])
    })

    test('this app’s export names each task’s list; imported into a fresh account, it gives the lists back', async ({
      signedIn: page,
      person,
    }) => {
      const takeout = await importFile(page, fixturePath('takeout-lists.json'))
      await press(takeout.getByRole('button', { name: 'Add 9 tasks' }))
      await expect(lists(page).getByRole('link')).toHaveCount(3)
      // A list with nothing in it is kept too.
      await press(page.getByRole('button', { name: 'New list' }))
      const naming = page.getByRole('dialog', { name: 'New list' })
      await naming.getByRole('textbox', { name: 'New list name' }).fill('Someday')
      await press(naming.getByRole('button', { name: 'Add list' }))
      await expect(lists(page).getByRole('link')).toHaveCount(4)
      await expect.poll(() => queuedWrites(page), { timeout: 60_000 }).toEqual([])

      const json = await exportAs(page, 'JSON')
      const csv = await exportAs(page, 'CSV')
      const file = JSON.parse(json.text) as { lists: string[]; tasks: { list?: string }[] }
      expect(file.lists).toEqual(['Work', 'Groceries', 'Someday'])
      expect(csv.text.split('\r\n')[0]).toBe('id,text,finished,place,due,list')
      const theirs = await storedByList(page, person.email)
      expect(theirs).toEqual(STORED)

      await press(page.getByRole('button', { name: 'Log Out' }))
      const other = newPerson('Grace Hopper')
      await signIn(page, other)
      const dialog = await importFile(page, json.path)
      await expect(whereTheyGo(dialog)).toHaveText([
        'My tasks: 2 tasks',
        'Work (new list): 3 tasks',
        'Groceries (new list): 4 tasks',
        'Someday (new list): no tasks',
      ])
      await press(dialog.getByRole('button', { name: 'Add 9 tasks' }))
      await expect(lists(page).getByRole('link')).toHaveText([
        'My tasks 1',
        'Work 2',
        'Groceries 4',
        'Someday 0',
      ])
      await expect.poll(() => storedByList(page, other.email), { timeout: 60_000 }).toEqual(theirs)
      await eachListShows(page, { ...TAKEOUT, Someday: [] })

      // The CSV brings the same tasks to the same lists: each is already there.
      const again = await importFile(page, csv.path)
      await expect(again).toContainText('Nothing to add.')
      await expect(again).toContainText('9 already in the list it would go to')
      await press(again.getByRole('button', { name: 'Close' }))
      await expect(lists(page).getByRole('link')).toHaveCount(4)
    })
  })
}
