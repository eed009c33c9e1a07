import type { Page } from '@playwright/test'
import { addTasks, expect, row, rowButton, rowTexts, syncLine, test } from './fixtures'
import { storedTasksOf, whileWritesRefused } from './support/backend'
import { queuedWrites } from './support/deviceStore'

// The server refuses every write (rules put in force at run time): each change logs the
// spec's message, stays in the list as the person made it (spec §4: no rollback at that
// moment), and the sync line names the task. A reload then shows what the server holds.

/** The first argument of each console.error of `page`, as the app passed it. */
function consoleErrors(page: Page): () => Promise<string[]> {
  const firsts: Promise<unknown>[] = []
  page.on('console', (message) => {
    if (message.type() === 'error')
      firsts.push(message.args()[0]?.jsonValue() ?? Promise.resolve(undefined))
  })
  return async () => (await Promise.all(firsts)).map(String)
}

const notSaved = (text: string) => `Not saved: “${text}”: the server refused it.`

test('add, tick, edit and delete refused: the spec’s message for each, nothing undone, the task named; a reload shows the server’s', async ({
  signedIn: page,
  person,
  request,
}) => {
  await addTasks(page, 'Tick me', 'Edit me', 'Delete me')
  await expect.poll(async () => (await storedTasksOf(request, person.email)).length).toBe(3)
  await expect.poll(() => queuedWrites(page)).toEqual([])
  const errors = consoleErrors(page)
  const refusals = async () =>
    (await errors()).filter((first) => first.startsWith('Error ') && first.endsWith(' document'))

  await whileWritesRefused(request, async () => {
    await addTasks(page, 'Refused add')
    await expect.poll(refusals).toEqual(['Error adding document'])
    await expect(syncLine(page)).toHaveText(notSaved('Refused add'))
    expect(await rowTexts(page)).toEqual(['Tick me', 'Edit me', 'Delete me', 'Refused add'])

    await row(page, 'Tick me').getByRole('button', { name: 'Mark as complete' }).click()
    await expect.poll(refusals).toEqual(['Error adding document', 'Error updating document'])
    await expect(syncLine(page)).toHaveText(notSaved('Tick me'))
    await expect(row(page, 'Tick me')).toHaveClass(/finished/)

    await (await rowButton(page, 'Edit me', 'Edit')).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Task' })
    await dialog.getByRole('textbox').fill('Edit me, refused')
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await expect
      .poll(refusals)
      .toEqual(['Error adding document', 'Error updating document', 'Error updating document'])
    await expect(syncLine(page)).toHaveText(notSaved('Edit me, refused'))

    await (await rowButton(page, 'Delete me', 'Delete')).click()
    await expect
      .poll(refusals)
      .toEqual([
        'Error adding document',
        'Error updating document',
        'Error updating document',
        'Error deleting document',
      ])
    await expect(syncLine(page)).toHaveText(notSaved('Delete me'))
    // Each change as the person left it, though the SDK has taken back its own copy of it.
    expect(await rowTexts(page)).toEqual(['Edit me, refused', 'Refused add', 'Tick me'])
    await expect(row(page, 'Tick me')).toHaveClass(/finished/)
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  expect(
    (await storedTasksOf(request, person.email)).map(({ task, isFinished }) => [task, isFinished]),
  ).toEqual([
    ['Tick me', false],
    ['Edit me', false],
    ['Delete me', false],
  ])
  await page.reload()
  await expect(row(page, 'Delete me')).toBeVisible()
  expect(await rowTexts(page)).toEqual(['Tick me', 'Edit me', 'Delete me'])
  await expect(row(page, 'Tick me')).not.toHaveClass(/finished/)
  await expect(syncLine(page)).toBeEmpty()
})
