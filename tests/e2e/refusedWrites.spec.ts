import type { Page } from '@playwright/test'
import { addTasks, expect, row, rowButton, rowTexts, signIn, syncLine, test } from './fixtures'
import { storedTasksOf, whileWritesRefused } from './support/backend'
import { device } from './support/devices'

// The server refuses every write (rules put in force at run time). Each change logs the spec's
// message and stays as the person left it (spec §4), marked as not saved with the reason, until
// they retry or discard it: no wait undoes it. Another device shows what the server holds.

/** The first argument of each console.error of `page`, as the app passed it. */
function consoleErrors(page: Page): () => Promise<string[]> {
  const firsts: Promise<unknown>[] = []
  page.on('console', (message) => {
    if (message.type() === 'error')
      firsts.push(message.args()[0]?.jsonValue() ?? Promise.resolve(undefined))
  })
  return async () =>
    (await Promise.all(firsts))
      .map(String)
      .filter((first) => first.startsWith('Error ') && first.endsWith(' document'))
}

const NOT_SAVED = 'Not saved: the server refused it.'
const deletesLine = (page: Page) => page.locator('.unsaved-deletes')

async function editText(page: Page, from: string, to: string) {
  await (await rowButton(page, from, 'Edit')).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Task' })
  await dialog.getByRole('textbox', { name: 'Task' }).fill(to)
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog).toBeHidden()
}

// Two devices each sign in through the popup.
test.slow()

test('refused add, tick, edit, delete and Clear finished: each kept and marked, never undone; Retry sends it, Discard shows the server’s', async ({
  page,
  person,
  request,
  browser,
}) => {
  await page.clock.install()
  await page.goto('./')
  await signIn(page, person)
  await addTasks(page, 'Tick me', 'Edit me', 'Delete me', 'Done 1', 'Done 2')
  for (const text of ['Done 1', 'Done 2']) {
    await row(page, text).getByRole('button', { name: 'Mark as complete' }).click()
  }
  const server = async () =>
    (await storedTasksOf(request, person.email)).map(
      ({ task, isFinished }) => `${task}${isFinished ? ' ✓' : ''}`,
    )
  const serverList = ['Tick me', 'Edit me', 'Delete me', 'Done 1 ✓', 'Done 2 ✓']
  await expect.poll(server).toEqual(serverList)
  const phone = await device(browser, person)
  const errors = consoleErrors(page)

  await whileWritesRefused(request, async () => {
    await addTasks(page, 'Refused add')
    // A refused Clear finished: its rows have gone, the line below the list says so.
    await page.getByRole('button', { name: 'Clear finished' }).click()
    await expect(deletesLine(page)).toContainText(
      'Not saved: deleting 2 tasks: the server refused it.',
    )
    await deletesLine(page).getByRole('button', { name: 'Discard' }).click()
    await expect(deletesLine(page)).toBeEmpty()
    expect(await rowTexts(page)).toEqual([
      'Tick me',
      'Edit me',
      'Delete me',
      'Refused add',
      'Done 1',
      'Done 2',
    ])

    await row(page, 'Tick me').getByRole('button', { name: 'Mark as complete' }).click()
    await editText(page, 'Edit me', 'Edit me, refused')
    for (const text of ['Refused add', 'Tick me', 'Edit me, refused']) {
      await expect(row(page, text)).toContainText(NOT_SAVED)
      await expect(row(page, text).getByRole('button', { name: 'Retry' })).toBeVisible()
      await expect(row(page, text).getByRole('button', { name: 'Discard' })).toBeVisible()
    }
    await expect(syncLine(page)).toHaveText(
      'Not saved: “Edit me, refused”: the server refused it. 2 more changes are not saved either.',
    )
    await (await rowButton(page, 'Delete me', 'Delete')).click()
    await expect(deletesLine(page)).toContainText(
      'Not saved: deleting “Delete me”: the server refused it.',
    )
    await expect
      .poll(errors)
      .toEqual([
        'Error adding document',
        'Error deleting document',
        'Error deleting document',
        'Error updating document',
        'Error updating document',
        'Error deleting document',
      ])

    // However long it waits (the old app undid a refused change after 10 s).
    await page.clock.fastForward('05:00')
    expect(await rowTexts(page)).toEqual([
      'Edit me, refused',
      'Refused add',
      'Done 1',
      'Done 2',
      'Tick me',
    ])
    await expect(row(page, 'Tick me')).toHaveClass(/finished/)
    await expect(row(page, 'Tick me')).toContainText(NOT_SAVED)
    await expect(page.getByRole('alert')).toHaveCount(0)
    expect(await server()).toEqual(serverList)
    await expect
      .poll(() => rowTexts(phone.page))
      .toEqual(serverList.map((text) => text.replace(' ✓', '')))
  })

  // The rules allow writes again: the person chooses, change by change.
  await row(page, 'Edit me, refused').getByRole('button', { name: 'Retry' }).click()
  await row(page, 'Tick me').getByRole('button', { name: 'Discard' }).click()
  await row(page, 'Refused add').getByRole('button', { name: 'Discard' }).click()
  await deletesLine(page).getByRole('button', { name: 'Retry' }).click()
  const final = ['Tick me', 'Edit me, refused', 'Done 1 ✓', 'Done 2 ✓']
  await expect.poll(server).toEqual(final)
  await expect(page.getByText(NOT_SAVED)).toHaveCount(0)
  await expect(syncLine(page)).toBeEmpty()
  await expect(deletesLine(page)).toBeEmpty()
  expect(await rowTexts(page)).toEqual(final.map((t) => t.replace(' ✓', '')))
  await expect.poll(() => rowTexts(phone.page)).toEqual(final.map((t) => t.replace(' ✓', '')))
})
