import type { Page } from '@playwright/test'
import { newDocumentId } from '../../src/lib/helpers'
import { expect, row, rowButton, rowTexts, signIn, test } from './fixtures'
import { seedDocuments, storedDocumentsOf } from './support/backend'

// The app replaces the spec's original, whose people already have tasks stored as it wrote them:
// task, isFinished and email, an automatic id, nothing else. Planted so, past the rules (the
// emulator's admin access), each is shown in the spec's order and takes every change, which
// reaches the server and is never undone afterwards.

async function editText(page: Page, from: string, to: string) {
  await (await rowButton(page, from, 'Edit')).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Task' })
  await dialog.getByRole('textbox', { name: 'Task' }).fill(to)
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog).toBeHidden()
}

test('the original app’s tasks: open before finished, by id; edited, ticked, unticked, deleted, undone and cleared, each on the server, none reverting', async ({
  page,
  person,
  request,
}) => {
  const planted = (
    [
      ['Water the plants', false],
      ['Pay the rent', true],
      ['Call mum', false],
      ['Book flights', true],
      ['Fix the bike', false],
    ] as const
  ).map(([task, isFinished]) => {
    return { id: newDocumentId(), data: { task, isFinished, email: person.email } }
  })
  // Another client's field on one of them: every change of ours keeps it.
  const bike = planted[4]
  if (bike === undefined) throw new Error('no bike')
  Object.assign(bike.data, { priority: 'high' })
  await seedDocuments(planted)
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1)
  const textsOf = (finished: boolean) =>
    planted
      .filter(({ data }) => data.isFinished === finished)
      .sort(byId)
      .map(({ data }) => data.task)

  await page.clock.install()
  await page.goto('./')
  await signIn(page, person)
  expect(await rowTexts(page)).toEqual([...textsOf(false), ...textsOf(true)])
  const stored = async () =>
    Object.fromEntries(
      (await storedDocumentsOf(request, person.email)).map(({ data }) => [String(data.task), data]),
    )

  await editText(page, 'Water the plants', 'Water the ferns')
  await editText(page, 'Fix the bike', 'Fix the bike, today')
  await row(page, 'Call mum').getByRole('button', { name: 'Mark as complete' }).click()
  await row(page, 'Pay the rent').getByRole('button', { name: 'Mark as incomplete' }).click()
  await (await rowButton(page, 'Water the ferns', 'Delete')).click()
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(row(page, 'Water the ferns')).toBeVisible()
  const beforeClear = await rowTexts(page)
  expect(beforeClear.slice(0, 1)).toEqual(['Pay the rent'])
  expect(beforeClear.slice(-2)).toEqual(['Book flights', 'Call mum'])
  await page.getByRole('button', { name: 'Clear finished' }).click()
  const shown = await rowTexts(page)
  expect(shown).toEqual(beforeClear.slice(0, 3))

  const email = person.email
  await expect.poll(stored).toEqual({
    'Pay the rent': { task: 'Pay the rent', isFinished: false, email, order: 0 },
    // Edited, deleted and brought back: as the original stored it, with the new text.
    'Water the ferns': { task: 'Water the ferns', isFinished: false, email },
    'Fix the bike, today': {
      task: 'Fix the bike, today',
      isFinished: false,
      email,
      priority: 'high',
    },
  })

  // The old app undid a refused change after 10 s; nothing is refused, nothing changes.
  await page.clock.fastForward('02:00')
  expect(await rowTexts(page)).toEqual(shown)
  await expect(page.locator('.sync-status')).toBeEmpty()
  await page.reload()
  await expect(row(page, 'Pay the rent')).toBeVisible()
  expect(await rowTexts(page)).toEqual(shown)
})
