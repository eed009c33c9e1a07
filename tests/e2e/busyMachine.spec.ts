import type { Page } from '@playwright/test'
import {
  addTasks,
  expect,
  recordShownTexts,
  row,
  rowTexts,
  signIn,
  syncLine,
  taskInput,
  test,
} from './fixtures'
import { seedList, storedTasksOf } from './support/backend'
import { said } from './support/drag'
import { setSlowDisk, slowDiskOf } from './support/faultInjector'

// Issue 44: on a busy machine an add and two moves were in the page's memory alone for seconds
// (the SDK's queue busy with the live query) while the sync line said nothing; a reload then
// asked "Leave site?", and leaving lost them. The line now says 'Saving…' while a change is in
// memory alone for more than a moment (docs/sync.md, "Said, not silent"): a quiet line means
// leaving loses nothing. Nothing here waits on time: each step waits for what the page shows.

const TASKS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']
const SAVING = 'Saving…'

/** What the sync line says, and whether it holds a change in memory alone (read at once). */
const syncState = (page: Page) =>
  syncLine(page).evaluate((line: HTMLElement) => ({
    text: line.textContent,
    inMemory: line.dataset.inMemory === 'true',
  }))

/** Reloads `page`, leaving as a person who clicks Leave would; whether the page asked first. */
async function reloadAtOnce(page: Page): Promise<boolean> {
  let asked = false
  const leave = (dialog: { type: () => string; accept: () => Promise<void> }) => {
    if (dialog.type() !== 'beforeunload') return
    asked = true
    void dialog.accept()
  }
  page.on('dialog', leave)
  await page.reload()
  page.off('dialog', leave)
  return asked
}

test('an add and two moves, the page reloaded once its sync line is quiet: all kept, nothing asked', async ({
  signedIn: page,
  person,
  request,
}, testInfo) => {
  test.slow()
  await addTasks(page, ...TASKS)
  const server = async () => (await storedTasksOf(request, person.email)).map(({ task }) => task)
  await expect.poll(server).toEqual(TASKS)
  const shown = await recordShownTexts(page, '.sync-status')

  await taskInput(page).fill('Foxtrot')
  await taskInput(page).press('Enter')
  await expect(row(page, 'Foxtrot')).toBeVisible()
  await row(page, 'Alpha').getByRole('button', { name: 'Edit' }).focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(said(page, 'Moved to 2 of 6')).toBeAttached()
  await row(page, 'Echo').getByRole('button', { name: 'Edit' }).focus()
  await page.keyboard.press('Alt+ArrowUp')
  await expect(said(page, 'Moved to 4 of 6')).toBeAttached()
  const expected = ['Bravo', 'Alpha', 'Charlie', 'Echo', 'Delta', 'Foxtrot']
  expect(await rowTexts(page)).toEqual(expected)

  // Quiet: it says nothing, and holds nothing in memory alone (the moment before it says so).
  await expect
    .poll(() => syncState(page), { timeout: 60_000 })
    .toEqual({
      text: '',
      inMemory: false,
    })
  const sawSaving = (await shown()).includes(SAVING)
  const asked = await reloadAtOnce(page)
  testInfo.annotations.push({
    type: 'the line said Saving… meanwhile',
    description: String(sawSaving),
  })
  expect(asked).toBe(false)

  await expect(row(page, 'Foxtrot')).toBeVisible({ timeout: 60_000 })
  expect(await rowTexts(page)).toEqual(expected)
  await expect.poll(server, { timeout: 60_000 }).toEqual(expected)
})

test('with the device’s disk slow, it says "Saving…" while a move is in memory alone, and is quiet once it is on disk', async ({
  context,
  page,
  person,
  request,
}) => {
  test.slow()
  await slowDiskOf(context)
  await page.goto('./')
  await signIn(page, person)
  await addTasks(page, ...TASKS)
  const server = async () => (await storedTasksOf(request, person.email)).map(({ task }) => task)
  await expect.poll(server).toEqual(TASKS)

  // Each commit the SDK waits for comes 5 s late from the move on (a busy machine, made certain).
  await setSlowDisk(page, 5000)
  await row(page, 'Alpha').getByRole('button', { name: 'Edit' }).focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(said(page, 'Moved to 2 of 5')).toBeAttached()
  const expected = ['Bravo', 'Alpha', 'Charlie', 'Delta', 'Echo']
  await expect.poll(() => syncState(page)).toEqual({ text: SAVING, inMemory: true })
  // The commits from now on are on time; those under way still come late.
  await setSlowDisk(page, 0)

  await expect
    .poll(() => syncState(page), { timeout: 60_000 })
    .toEqual({
      text: '',
      inMemory: false,
    })
  expect(await reloadAtOnce(page)).toBe(false)
  await expect(row(page, 'Alpha')).toBeVisible({ timeout: 60_000 })
  expect(await rowTexts(page)).toEqual(expected)
  await expect.poll(server, { timeout: 60_000 }).toEqual(expected)
})

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the row just added stays above the line when "Saving…" appears below it', async ({
    context,
    page,
    person,
  }) => {
    test.slow()
    await slowDiskOf(context)
    await seedList(person.email, { count: 30, text: (n) => `Planted task ${String(n)}` })
    await page.goto('./')
    await signIn(page, person)
    await expect(row(page, 'Planted task 30')).toBeAttached({ timeout: 60_000 })

    // The add is scrolled in at once, and 'Saving…' comes under it later (the commit 5 s late).
    await setSlowDisk(page, 5000)
    await taskInput(page).fill('Held in memory')
    await taskInput(page).press('Enter')
    await expect.poll(() => syncState(page)).toEqual({ text: SAVING, inMemory: true })
    const added = row(page, 'Held in memory')
    const line = page.locator('.sync-status')
    await expect
      .poll(async () => {
        const [rowBox, lineBox] = [await added.boundingBox(), await line.boundingBox()]
        return rowBox !== null && lineBox !== null && rowBox.y + rowBox.height <= lineBox.y
      })
      .toBe(true)
    await expect(added).toBeInViewport({ ratio: 1 })
    await setSlowDisk(page, 0)
  })
})
