import type { Locator, Page } from '@playwright/test'
import { addTasks, expect, newPerson, row, rowTexts, signIn, taskRows, test } from './fixtures'
import { seedList, storedTasksOf } from './support/backend'
import { centre, handle, mouseDrag, pickUp, said } from './support/drag'
import { device, newDevice } from './support/devices'
import { goOffline, goOnline } from './support/network'
import { counted, sized } from './support/sizes'
import { WINDOW_MIN_ROWS } from '../../src/features/tasks/ui/list/rowControls'

// Reordering with every input: Alt+Arrow keys, the handle as a keyboard drag, a mouse drag, a
// touch drag at 360 px, in a windowed list of 5,000; kept after a reload, live on the other
// device, and two devices moving different tasks at once both keep their move. Nothing waits on
// time: each step waits for what the page says or shows.

// Two devices each sign in through the popup: more steps than a one-page test.
test.slow()

test('Alt+Arrow moves a task with focus kept and its place said; kept after a reload, live on the phone', async ({
  browser,
  request,
}) => {
  const person = newPerson('Keys')
  const laptop = await device(browser, person)
  const phone = await device(browser, person)
  await addTasks(laptop.page, 'Alpha', 'Bravo', 'Charlie')
  await expect(row(phone.page, 'Charlie')).toBeVisible()

  const edit = row(laptop.page, 'Charlie').getByRole('button', { name: 'Edit' })
  await edit.focus()
  await laptop.page.keyboard.press('Alt+ArrowUp')
  await expect(said(laptop.page, 'Moved to 2 of 3')).toBeAttached()
  await laptop.page.keyboard.press('Alt+ArrowUp')
  await expect(said(laptop.page, 'Moved to 1 of 3')).toBeAttached()
  await expect(edit).toBeFocused()
  expect(await rowTexts(laptop.page)).toEqual(['Charlie', 'Alpha', 'Bravo'])

  await expect.poll(() => rowTexts(phone.page)).toEqual(['Charlie', 'Alpha', 'Bravo'])
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map(({ task }) => task))
    .toEqual(['Charlie', 'Alpha', 'Bravo'])
  await laptop.page.reload()
  await expect(row(laptop.page, 'Charlie')).toBeVisible()
  expect(await rowTexts(laptop.page)).toEqual(['Charlie', 'Alpha', 'Bravo'])
})

test('the handle is a keyboard drag: Space picks up, arrows move, Space drops, Escape cancels', async ({
  signedIn: page,
}) => {
  await addTasks(page, 'Alpha', 'Bravo', 'Charlie')
  await handle(page, 'Alpha').focus()
  await pickUp(page, 'Picked up Alpha, at 1 of 3.')
  await page.keyboard.press('ArrowDown')
  await expect(said(page, 'Moving to 2 of 3.')).toBeAttached()
  await page.keyboard.press('ArrowDown')
  await expect(said(page, 'Moving to 3 of 3.')).toBeAttached()
  await page.keyboard.press('Space')
  await expect(said(page, 'Moved to 3 of 3.')).toBeAttached()
  await expect.poll(() => rowTexts(page)).toEqual(['Bravo', 'Charlie', 'Alpha'])
  await expect(handle(page, 'Alpha')).toBeFocused()

  await pickUp(page, 'Picked up Alpha, at 3 of 3.')
  await page.keyboard.press('ArrowUp')
  await expect(said(page, 'Moving to 2 of 3.')).toBeAttached()
  await page.keyboard.press('Escape')
  await expect(said(page, 'Move cancelled: back at 3 of 3.')).toBeAttached()
  expect(await rowTexts(page)).toEqual(['Bravo', 'Charlie', 'Alpha'])
})

test('a mouse drag moves a task within its region; kept after a reload, live on the phone', async ({
  browser,
  request,
}) => {
  const person = newPerson('Mouse')
  const laptop = await device(browser, person)
  const phone = await device(browser, person)
  await addTasks(laptop.page, 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Done one')
  await row(laptop.page, 'Done one').getByRole('button', { name: 'Mark as complete' }).click()
  await expect(row(phone.page, 'Done one')).toHaveClass(/finished/)

  await mouseDrag(laptop.page, 'Alpha', 'Charlie', 'Moving to 3 of 5.')
  const moved = ['Bravo', 'Charlie', 'Alpha', 'Delta', 'Done one']
  await expect.poll(() => rowTexts(laptop.page)).toEqual(moved)
  // Among the finished tasks, an open one finds no place (it stays over its own): dropped there,
  // it stays.
  await mouseDrag(laptop.page, 'Delta', 'Done one', 'Picked up Delta, at 4 of 5.')
  await expect(said(laptop.page, 'Not moved: still at 4 of 5.')).toBeAttached()

  await expect.poll(() => rowTexts(phone.page)).toEqual(moved)
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map(({ task }) => task))
    .toEqual(moved)
  await laptop.page.reload()
  await expect(row(laptop.page, 'Alpha')).toBeVisible()
  expect(await rowTexts(laptop.page)).toEqual(moved)
})

test('a touch drag at 360 px moves a task by its handle', async ({ browser, request }) => {
  const person = newPerson('Touch')
  const context = await newDevice(browser, {
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  })
  const page = await context.newPage()
  await page.goto('./')
  await signIn(page, person)
  await addTasks(page, 'Alpha', 'Bravo', 'Charlie')

  // A finger on the handle, moved down two rows and lifted: touch events as a phone sends them.
  const cdp = await context.newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    })
  const from = await centre(handle(page, 'Alpha'))
  const to = await centre(row(page, 'Charlie'))
  await touch('touchStart', from.x, from.y)
  for (let y = from.y; y <= to.y; y += 8) await touch('touchMove', from.x, y)
  await touch('touchMove', from.x, to.y)
  await expect(said(page, 'Moving to 3 of 3.')).toBeAttached()
  await touch('touchEnd', from.x, to.y)
  await expect.poll(() => rowTexts(page)).toEqual(['Bravo', 'Charlie', 'Alpha'])
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map(({ task }) => task))
    .toEqual(['Bravo', 'Charlie', 'Alpha'])
  await context.close()
})

/**
 * What the list's status line says next, and not before: the words it says now are marked as
 * heard, so the same words said again count as new.
 */
async function nextSaying(page: Page) {
  await page.locator('ul + [role="status"] span').evaluateAll((spans) => {
    for (const span of spans) span.setAttribute('data-heard', '')
  })
  return (words: string) =>
    page.locator('ul + [role="status"] span:not([data-heard])').filter({ hasText: words })
}

/** The menu button of `text`'s row, and an item of its menu. */
const moreOf = (page: Page, text: string) =>
  row(page, text).getByRole('button', { name: 'More actions' })
const menuItem = (page: Page, text: string, name: string) =>
  row(page, text).getByRole('menu').getByRole('menuitem', { name })

test('the row menu’s Move up and Move down: tapped, clicked and by keyboard; said, written, focus on the moved row’s menu button', async ({
  browser,
  request,
}) => {
  const person = newPerson('Menu Moves')
  const names = ['Alpha', 'Bravo', 'Charlie', 'Delta']
  await seedList(person.email, { count: 4, text: (n) => names[n - 1] ?? '' })
  const stored = async () => (await storedTasksOf(request, person.email)).map(({ task }) => task)
  const narrow = { viewport: { width: 360, height: 740 } }
  const phone = await newDevice(browser, { ...narrow, hasTouch: true, isMobile: true })
  const desk = await newDevice(browser, narrow)
  const [tapped, clicked] = [await phone.newPage(), await desk.newPage()]
  for (const page of [tapped, clicked]) {
    await page.goto('./')
    await signIn(page, person)
    await expect(row(page, 'Delta')).toBeVisible()
  }
  let said: (words: string) => Locator
  /** Moved on screen, said, written; the menu closed, focus on the moved row's menu button. */
  const moved = async (page: Page, text: string, words: string, order: string[]) => {
    await expect.poll(() => rowTexts(page)).toEqual(order)
    await expect(said(words)).toBeAttached()
    await expect(row(page, text).getByRole('menu')).toBeHidden()
    await expect(moreOf(page, text)).toHaveAttribute('aria-expanded', 'false')
    await expect(moreOf(page, text)).toBeFocused()
    await expect.poll(stored).toEqual(order)
  }

  // A finger: taps on the menu button and on the item, as a phone sends them.
  said = await nextSaying(tapped)
  await moreOf(tapped, 'Delta').tap()
  await menuItem(tapped, 'Delta', 'Move up').tap()
  await moved(tapped, 'Delta', 'Moved to 3 of 4', ['Alpha', 'Bravo', 'Delta', 'Charlie'])

  // A mouse, on a narrow window: clicks at the centre of each.
  await expect.poll(() => rowTexts(clicked)).toEqual(['Alpha', 'Bravo', 'Delta', 'Charlie'])
  said = await nextSaying(clicked)
  await moreOf(clicked, 'Alpha').click()
  await menuItem(clicked, 'Alpha', 'Move down').click()
  await moved(clicked, 'Alpha', 'Moved to 2 of 4', ['Bravo', 'Alpha', 'Delta', 'Charlie'])

  // The keyboard: Enter opens the menu on Edit, ArrowDown goes to Move up; ArrowUp opens it on
  // Delete, ArrowUp again goes to Move down (the last row has none: Move up).
  said = await nextSaying(clicked)
  await moreOf(clicked, 'Delta').focus()
  await clicked.keyboard.press('Enter')
  await expect(menuItem(clicked, 'Delta', 'Edit')).toBeFocused()
  await clicked.keyboard.press('ArrowDown')
  await expect(menuItem(clicked, 'Delta', 'Move up')).toBeFocused()
  await clicked.keyboard.press('Enter')
  await moved(clicked, 'Delta', 'Moved to 2 of 4', ['Bravo', 'Delta', 'Alpha', 'Charlie'])
  // Its focus ring shows, as focus came by the keyboard.
  await expect(clicked.locator(':focus-visible')).toHaveAccessibleName('More actions')
  said = await nextSaying(clicked)
  await clicked.keyboard.press('ArrowUp')
  await expect(menuItem(clicked, 'Delta', 'Delete')).toBeFocused()
  await clicked.keyboard.press('ArrowUp')
  await expect(menuItem(clicked, 'Delta', 'Move down')).toBeFocused()
  await clicked.keyboard.press('Enter')
  await moved(clicked, 'Delta', 'Moved to 3 of 4', ['Bravo', 'Alpha', 'Delta', 'Charlie'])

  await expect.poll(() => rowTexts(tapped)).toEqual(['Bravo', 'Alpha', 'Delta', 'Charlie'])
  // Wider than 30rem the row shows Edit and Delete themselves and no menu: the moves there are
  // Alt+Arrow and the handle (the tests above).
  await clicked.setViewportSize({ width: 1280, height: 800 })
  await expect(moreOf(clicked, 'Delta')).toBeHidden()
  await expect(row(clicked, 'Delta').getByRole('button', { name: 'Edit' })).toBeVisible()
})

test('two devices moving different tasks at once both keep their move', async ({
  browser,
  request,
}) => {
  const person = newPerson('Both Move')
  const laptop = await device(browser, person)
  const phone = await device(browser, person)
  await addTasks(laptop.page, 'One', 'Two', 'Three', 'Four', 'Five')
  await expect(row(phone.page, 'Five')).toBeVisible()

  // Both offline, so neither hears of the other's move before making its own.
  await goOffline(laptop.context)
  await goOffline(phone.context)
  await row(laptop.page, 'One').getByRole('button', { name: 'Mark as complete' }).focus()
  await laptop.page.keyboard.press('Alt+ArrowDown')
  await expect(said(laptop.page, 'Moved to 2 of 5')).toBeAttached()
  await row(phone.page, 'Five').getByRole('button', { name: 'Mark as complete' }).focus()
  await phone.page.keyboard.press('Alt+ArrowUp')
  await expect(said(phone.page, 'Moved to 4 of 5')).toBeAttached()
  await goOnline(laptop.context)
  await goOnline(phone.context)

  const both = ['Two', 'One', 'Three', 'Five', 'Four']
  await expect
    .poll(async () => (await storedTasksOf(request, person.email)).map(({ task }) => task))
    .toEqual(both)
  for (const { page } of [laptop, phone]) await expect.poll(() => rowTexts(page)).toEqual(both)
})

// 5,000 in a full run; in `npm test` 600: windowed (over WINDOW_MIN_ROWS, 200), and long
// enough for the drag to scroll the page over 3,000 px through rows not drawn before.
const COUNT = sized(5000, 600)
if (COUNT <= WINDOW_MIN_ROWS) throw new Error('The long list is no longer windowed.')

test.describe(`a list of ${counted(COUNT)} tasks`, () => {
  test.slow()
  const text = (n: number) => `Task ${String(n)} of the long list`

  test('a task moves by keys and by a drag that scrolls the page; each move writes its task alone', async ({
    page,
    person,
    request,
  }) => {
    await page.goto('./')
    await signIn(page, person)
    // Stored once the list is open, to arrive live (longList.spec.ts says why).
    await seedList(person.email, { count: COUNT, text })
    await expect(taskRows(page).first()).toHaveAttribute('aria-setsize', String(COUNT), {
      timeout: 60_000,
    })

    await row(page, text(1)).getByRole('button', { name: 'Edit' }).focus()
    await page.keyboard.press('Alt+ArrowDown')
    await expect(said(page, `Moved to 2 of ${String(COUNT)}`)).toBeAttached()
    await expect(row(page, text(1))).toHaveAttribute('aria-posinset', '2')

    // Dragged to the window's bottom edge, the page scrolls on, drawing the rows it reaches.
    const from = await centre(handle(page, text(3)))
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move(from.x, from.y + 10, { steps: 3 })
    await expect(said(page, /^Picked up/)).toBeAttached()
    const height = page.viewportSize()?.height ?? 720
    await page.mouse.move(from.x, height - 5, { steps: 10 })
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(3000)
    await page.mouse.move(from.x, height / 2, { steps: 10 })
    await expect(said(page, new RegExp(`^Moving to \\d+ of ${String(COUNT)}\\.$`))).toBeAttached()
    await page.mouse.up()
    await expect(said(page, new RegExp(`^Moved to \\d+ of ${String(COUNT)}\\.$`))).toBeAttached()
    const place = Number(await row(page, text(3)).getAttribute('aria-posinset'))
    expect(place).toBeGreaterThan(50)

    const texts = async () => (await storedTasksOf(request, person.email)).map(({ task }) => task)
    await expect.poll(async () => (await texts()).indexOf(text(3))).toBe(place - 1)
    expect((await texts()).slice(0, 2)).toEqual([text(2), text(1)])
    // Every other task kept the order it was stored with: each move wrote its task alone.
    const others = (await storedTasksOf(request, person.email)).filter(
      ({ task }) => task !== text(1) && task !== text(3),
    )
    expect(others.every(({ task, order }) => order === Number(task.split(' ')[1]) - 1)).toBe(true)
  })
})
