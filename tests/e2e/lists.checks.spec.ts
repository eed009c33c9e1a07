import { newDocumentId } from '../../src/lib/helpers'
import { addTasks, expect, row, rowTexts, signIn, test } from './fixtures'
import { seedDocuments, storedDocumentsOf, storedListsOf } from './support/backend'
import { listLink, newList } from './support/lists'
import { axeViolations } from './support/pageChecks'

// Lists beside what was there before them: the original app's documents are in My tasks
// without being rewritten, and the lists' controls pass axe in light and dark.

test('the original app’s documents show in My tasks, never in another list, and are not rewritten by lists', async ({
  page,
  person,
  request,
}) => {
  // As the spec's original wrote them: task, isFinished, email, an automatic id.
  const planted = ['Water the plants', 'Pay the rent'].map((task) => ({
    id: newDocumentId(),
    data: { task, isFinished: false, email: person.email },
  }))
  await seedDocuments(planted)
  await page.goto('./')
  await signIn(page, person)
  await expect(row(page, 'Pay the rent')).toBeVisible()
  const before = await storedDocumentsOf(request, person.email)

  await newList(page, 'Groceries')
  await addTasks(page, 'oat milk')
  expect(await rowTexts(page)).toEqual(['oat milk'])
  // A task naming a list that is gone (deleted on a device that lost its Undo): in My tasks too.
  await expect.poll(async () => (await storedListsOf(request, person.email)).length).toBe(1)
  const [groceries] = await storedListsOf(request, person.email)
  const gone = groceries?.id === '7' ? '8' : '7'
  await seedDocuments([
    {
      id: newDocumentId(),
      data: { task: 'From a list now gone', isFinished: false, email: person.email, list: gone },
    },
  ])
  await listLink(page, 'My tasks').click()
  await expect
    .poll(async () => (await rowTexts(page)).sort())
    .toEqual(['From a list now gone', 'Pay the rent', 'Water the plants'].sort())
  await expect(listLink(page, 'My tasks')).toContainText('3')
  await page.reload()
  await expect(row(page, 'Water the plants')).toBeVisible()
  // Nothing of theirs was written: lists live beside them.
  const after = await storedDocumentsOf(request, person.email)
  for (const { id, data } of before) {
    expect(after.find((stored) => stored.id === id)?.data).toEqual(data)
  }
  expect((await storedListsOf(request, person.email)).map(({ name }) => name)).toEqual([
    'Groceries',
  ])
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no WCAG 2.1 AA violations with the list switcher and its dialogs open, ${colorScheme}`, async ({
    signedIn: page,
  }) => {
    await page.emulateMedia({ colorScheme })
    await addTasks(page, 'Write the report')
    // With only My tasks: the quiet New list, then its dialog.
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'New list' }).click()
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await newList(page, 'Groceries')
    await addTasks(page, 'oat milk')
    // The switcher with two lists and their counts.
    expect(await axeViolations(page)).toEqual([])
    for (const name of ['Rename list', 'Delete list']) {
      await page.getByRole('button', { name }).click()
      await expect(page.getByRole('dialog', { name })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog', { name })).toHaveCount(0)
    }
    await row(page, 'oat milk').getByRole('button', { name: 'More actions' }).click()
    await page.getByRole('menuitem', { name: 'Move to list…' }).click()
    await expect(page.getByRole('dialog', { name: 'Move to list' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
}
