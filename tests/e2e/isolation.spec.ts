import { addTasks, expect, rowTexts, test } from './fixtures'
import { clearTasks, storedTasksOf, whileWritesRefused } from './support/backend'
import { device } from './support/devices'
import { firestoreProject } from './support/emulator'

// The test workers run side by side on one Firestore emulator, each test in a project of its
// own (support/emulator.ts). Here one person on two devices, one in this test's project and one
// in another, as a test of the other worker would have it: as the same e-mail, only the
// projects keep their tasks apart. Neither sees the other's tasks, live, after a reload or on
// the server; what a test does to its own project (rules that refuse every write, emptying it
// at the end) leaves the other alone.

test('two workers’ projects on the one emulator never see each other’s tasks, rules or clearing', async ({
  browser,
  signedIn: page,
  person,
  request,
}) => {
  const other = `${firestoreProject()}-other`
  const there = await device(browser, person, { project: other })
  await addTasks(page, 'Here only')
  await addTasks(there.page, 'There only')
  const stored = async (project: string) =>
    (await storedTasksOf(request, person.email, project)).map(({ task }) => task)
  await expect.poll(() => stored(firestoreProject())).toEqual(['Here only'])
  await expect.poll(() => stored(other)).toEqual(['There only'])
  expect(await rowTexts(page)).toEqual(['Here only'])
  expect(await rowTexts(there.page)).toEqual(['There only'])

  // The rules of this project refuse every write: the other project's device still saves.
  await whileWritesRefused(request, async () => {
    await addTasks(there.page, 'There, while refused here')
    await expect.poll(() => stored(other)).toEqual(['There only', 'There, while refused here'])
  })

  await page.reload()
  await there.page.reload()
  await expect.poll(() => rowTexts(page)).toEqual(['Here only'])
  await expect.poll(() => rowTexts(there.page)).toEqual(['There only', 'There, while refused here'])

  // Emptied as each test leaves it: the other project keeps its tasks.
  await clearTasks()
  expect(await stored(firestoreProject())).toEqual([])
  expect(await stored(other)).toEqual(['There only', 'There, while refused here'])
  await clearTasks(other)
})
