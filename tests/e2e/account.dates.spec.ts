import type { Locator, Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { expect, row, signIn, taskRows, test } from './fixtures'
import { fixturePath, settingsButton } from './support/account'
import { storedTasksOf } from './support/backend'

// Due dates through Settings: a Google Tasks Takeout file and a Todoist CSV with dates imported
// (the preview's words, the rows' dates, the server's `due`), then exported as JSON and CSV.
// The clock is Tuesday 24 Nov 2026, 10:00 in London, so Todoist's words and the rows' compact
// dates ("3 Dec", "Tomorrow 9:00") are the same on every run.

const NOW = new Date('2026-11-24T10:00:00Z')

/** What the server holds once both files are in: each task's due. */
const DUES: Record<string, string | null> = {
  // Takeout: the day Google Tasks shows, whatever the zone.
  'Renew the passport': '2026-12-03',
  'Post the cards': '2026-11-28',
  'Pay the deposit': '2027-01-15',
  'Water the ferns': null,
  'Fix the gate': null,
  'Book the dentist': '2026-11-20',
  // Todoist, read as of the import: a time only where one was written, in London's zone.
  'Buy bread': '2026-12-03',
  'Call the bank': '2026-12-03T17:00:00.000Z',
  'Renew the insurance': '2026-11-25',
  'Water the plants': '2026-11-30',
  'Stand-up': '2026-11-25T09:00:00.000Z',
  'Pay the rent': '2026-12-01',
  'Sort the attic': null,
  'Read a book': null,
}

/** What each row shows after its text (none: no date). */
/** Todoist's repeats, kept as RRULE values (issue 45); no other task repeats. */
const REPEATS: Record<string, string> = {
  'Water the plants': 'FREQ=WEEKLY;BYDAY=MO',
  'Stand-up': 'FREQ=DAILY',
  'Pay the rent': 'FREQ=MONTHLY;BYMONTHDAY=1',
}

const LABELS: Record<string, string | null> = {
  'Renew the passport': '3 Dec',
  'Post the cards': 'Sat',
  'Pay the deposit': '15 Jan 2027',
  'Water the ferns': null,
  'Fix the gate': null,
  'Book the dentist': '20 Nov',
  'Buy bread': '3 Dec',
  'Call the bank': '3 Dec 17:00',
  'Renew the insurance': 'Tomorrow',
  // Todoist's repeats are kept (issue 45): the row says what comes next, then the repeat.
  'Water the plants': 'Mon · ↻ every Monday',
  'Stand-up': 'Tomorrow 9:00 · ↻ every day',
  'Pay the rent': '1 Dec · ↻ every 1st',
  'Sort the attic': null,
  'Read a book': null,
}

const dateOf = (page: Page, text: string) =>
  row(page, text).locator('.task-due > [aria-hidden="true"]')

for (const way of ['tap', 'click'] as const) {
  const width = way === 'tap' ? 360 : 1280
  test.describe(`at ${String(width)} px (${way})`, () => {
    test.use({
      viewport: { width, height: 800 },
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      ...(way === 'tap' && { hasTouch: true, isMobile: true }),
    })

    test('a Takeout file and a Todoist CSV bring their dates, and the exports carry them', async ({
      page,
      context,
      person,
    }) => {
      const press = (target: Locator) => (way === 'tap' ? target.tap() : target.click())
      const choose = async (item: string) => {
        await press(settingsButton(page))
        await press(
          page.getByRole('menu', { name: 'Settings' }).getByRole('menuitem', { name: item }),
        )
      }
      const importFile = async (name: string) => {
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          choose('Import tasks'),
        ])
        await chooser.setFiles(fixturePath(name))
        return page.getByRole('dialog', { name: 'Import tasks' })
      }
      const exportAs = async (format: 'JSON' | 'CSV') => {
        await choose('Export tasks')
        const dialog = page.getByRole('dialog', { name: 'Export tasks' })
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          press(dialog.getByRole('button', { name: `Download ${format}` })),
        ])
        const text = await readFile(await download.path(), 'utf8')
        await press(dialog.getByRole('button', { name: 'Close' }))
        return text
      }

      await context.clock.install({ time: NOW })
      await page.goto('./')
      await signIn(page, person)

      const takeout = await importFile('takeout-due.json')
      await expect(takeout).toContainText('6 tasks to add, 1 of them finished.')
      await expect(takeout).toContainText(
        '1 date could not be understood: its task is added without a date.',
      )
      await expect(takeout).not.toContainText('Not kept')
      await press(takeout.getByRole('button', { name: 'Add 6 tasks' }))
      await expect(taskRows(page)).toHaveCount(6)

      const todoist = await importFile('todoist-dates.csv')
      await expect(todoist).toContainText('8 tasks to add, none of them finished.')
      await expect(todoist).toContainText(
        '3 tasks repeat in Todoist: each keeps its repeat here, due on its next date.',
      )
      await expect(todoist).toContainText(
        '1 date could not be understood: its task is added without a date.',
      )
      await press(todoist.getByRole('button', { name: 'Add 8 tasks' }))
      // Todoist's go to a list of their own, named after the file.
      const labels = Object.entries(LABELS)
      const labelsShown = async (from: number, to: number) => {
        await expect(taskRows(page)).toHaveCount(to - from)
        for (const [text, label] of labels.slice(from, to)) {
          if (label === null) await expect(row(page, text).locator('.task-due')).toHaveCount(0)
          else await expect(dateOf(page, text), text).toHaveText(label)
        }
      }
      await labelsShown(0, 6)
      await press(
        page
          .getByRole('navigation', { name: 'Lists' })
          .getByRole('link', { name: /^todoist-dates/ }),
      )
      await labelsShown(6, 14)
      // The date in words is part of the row's description (its Edit, or on a phone its menu;
      // with a list to move to, the menu shows on a wide screen too).
      await expect(
        row(page, 'Call the bank')
          .getByRole('button', { name: /^(Edit|More actions)$/ })
          .filter({ visible: true })
          .first(),
      ).toHaveAccessibleDescription('Call the bank Due Thu 3 Dec, 17:00')

      await expect
        .poll(async () =>
          Object.fromEntries(
            (await storedTasksOf(page.request, person.email)).map(({ task, due }) => [task, due]),
          ),
        )
        .toEqual(DUES)

      // Both exports carry every date and repeat as stored, and none where there is none.
      const json = JSON.parse(await exportAs('JSON')) as {
        tasks: { text: string; due?: string; repeat?: string }[]
      }
      expect(Object.fromEntries(json.tasks.map(({ text, due }) => [text, due ?? null]))).toEqual(
        DUES,
      )
      const repeats = (pairs: [string, string | undefined][]) =>
        Object.fromEntries(pairs.filter((pair): pair is [string, string] => Boolean(pair[1])))
      expect(repeats(json.tasks.map(({ text, repeat }) => [text, repeat]))).toEqual(REPEATS)
      const [header, ...lines] = (await exportAs('CSV')).trim().split('\r\n')
      expect(header).toBe('id,text,finished,place,due,repeat,list')
      // No text here holds a comma or a quote, nor does a repeat: a line splits on its commas.
      const csv = lines.map((line) => line.split(','))
      expect(
        Object.fromEntries(csv.map((cells) => [cells[1], cells[4] === '' ? null : cells[4]])),
      ).toEqual(DUES)
      expect(repeats(csv.map((cells) => [cells[1] ?? '', cells[5]]))).toEqual(REPEATS)
    })
  })
}
