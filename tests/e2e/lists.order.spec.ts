import type { Page } from '@playwright/test'
import { addTasks, expect, row, rowTexts, taskInput, test, type Person } from './fixtures'
import { storedListsOf } from './support/backend'
import { device } from './support/devices'
import { centre, pickUp, said } from './support/drag'
import { listLink, listNames, newList, press } from './support/lists'

// Lists in the person's own order (issue 47): moved by a finger held on a list at 360 px, by the
// mouse and the keys at 1280 px; kept after a reload, live on a second device. Find in all
// lists, and Today's rows naming their list.

const MADE = ['My tasks', 'Work', 'Home', 'Shop']

/** What the switcher itself said last (Alt+Arrow); a drag's words are said by its library. */
const keysSaid = (page: Page, words: string) =>
  page.locator('.lists').getByRole('status').filter({ hasText: words })

/** The person's lists as the server orders them (by rank, then slot), My tasks first. */
async function storedOrder(page: Page, person: Person) {
  const lists = await storedListsOf(page.request, person.email)
  lists.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : Number(a.id) - Number(b.id)))
  return ['My tasks', ...lists.map(({ name }) => name)]
}

/** Three lists made, My tasks shown again. */
async function madeLists(page: Page) {
  await addTasks(page, 'Write the report')
  for (const name of MADE.slice(1)) await newList(page, name)
  await listLink(page, 'My tasks').click()
  expect(await listNames(page)).toEqual(MADE)
}

/** The order is the server's, survives a reload, and another device shows it live. */
async function kept(page: Page, other: Page, person: Person, order: string[]) {
  await expect.poll(() => storedOrder(page, person)).toEqual(order)
  await expect.poll(() => listNames(other)).toEqual(order)
  await page.reload()
  await expect(listLink(page, 'Shop')).toBeVisible()
  expect(await listNames(page)).toEqual(order)
}

test.describe('at 360 px, by a finger', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

  test('a list held a moment and dragged moves; a tap still switches lists', async ({
    signedIn: page,
    person,
    browser,
  }, testInfo) => {
    const other = await device(browser, person)
    await madeLists(page)
    // A finger on Shop, held until it is picked up, moved onto Work and lifted.
    const cdp = await page.context().newCDPSession(page)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      })
    await listLink(page, 'Shop').scrollIntoViewIfNeeded()
    const from = await centre(listLink(page, 'Shop'))
    const to = await centre(listLink(page, 'Work'))
    await touch('touchStart', from.x, from.y)
    await expect(said(page, 'Picked up Shop, at 4 of 4.')).toBeAttached()
    for (let x = from.x; x >= to.x; x -= 8) await touch('touchMove', x, from.y)
    await touch('touchMove', to.x, from.y)
    await expect(said(page, 'Moving to 2 of 4.')).toBeAttached()
    await page.screenshot({ path: testInfo.outputPath('lists-drag-360.png') })
    await touch('touchEnd', to.x, from.y)
    const moved = ['My tasks', 'Shop', 'Work', 'Home']
    await expect.poll(() => listNames(page)).toEqual(moved)
    await expect(said(page, 'Moved to 2 of 4.')).toBeAttached()
    await expect(listLink(page, 'My tasks')).toHaveAttribute('aria-current', 'page')

    await press(listLink(page, 'Home'), true)
    await expect(listLink(page, 'Home')).toHaveAttribute('aria-current', 'page')
    await kept(page, other.page, person, moved)
  })
})

test.describe('at 1280 px, by the mouse and the keys', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('a mouse drag moves a list and follows no link; Alt+Arrow moves it a place, focus kept, said', async ({
    signedIn: page,
    person,
    browser,
  }) => {
    const other = await device(browser, person)
    await madeLists(page)
    const before = page.url()
    const from = await centre(listLink(page, 'Shop'))
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move(from.x - 10, from.y, { steps: 3 })
    await expect(said(page, 'Picked up Shop, at 4 of 4.')).toBeAttached()
    const to = await centre(listLink(page, 'Work'))
    await page.mouse.move(to.x, to.y, { steps: 8 })
    await expect(said(page, 'Moving to 2 of 4.')).toBeAttached()
    await page.mouse.up()
    await expect.poll(() => listNames(page)).toEqual(['My tasks', 'Shop', 'Work', 'Home'])
    // The release was the drag's: My tasks is still the list shown.
    await expect(listLink(page, 'My tasks')).toHaveAttribute('aria-current', 'page')
    expect(page.url()).toBe(before)

    await listLink(page, 'Home').focus()
    await page.keyboard.press('Alt+ArrowLeft')
    await expect(keysSaid(page, 'Moved to 3 of 4.')).toBeAttached()
    await expect(listLink(page, 'Home')).toBeFocused()
    await page.keyboard.press('Alt+ArrowLeft')
    await expect(keysSaid(page, 'Moved to 2 of 4.')).toBeAttached()
    await expect(listLink(page, 'Home')).toBeFocused()
    await page.keyboard.press('Alt+ArrowLeft')
    await expect(keysSaid(page, 'Not moved: My tasks stays first.')).toBeAttached()
    expect(page.url()).toBe(before)
    await kept(page, other.page, person, ['My tasks', 'Home', 'Shop', 'Work'])
  })

  test('Space picks a list up, the arrows move it, Space drops it; Escape cancels; Enter still follows the link', async ({
    signedIn: page,
    person,
  }) => {
    await madeLists(page)
    await listLink(page, 'Work').focus()
    await pickUp(page, 'Picked up Work, at 2 of 4.')
    await page.keyboard.press('ArrowRight')
    await expect(said(page, 'Moving to 3 of 4.')).toBeAttached()
    await page.keyboard.press('ArrowRight')
    await expect(said(page, 'Moving to 4 of 4.')).toBeAttached()
    await page.keyboard.press('Space')
    await expect.poll(() => listNames(page)).toEqual(['My tasks', 'Home', 'Shop', 'Work'])
    await expect(listLink(page, 'Work')).toBeFocused()

    await pickUp(page, 'Picked up Work, at 4 of 4.')
    await page.keyboard.press('ArrowLeft')
    await expect(said(page, 'Moving to 3 of 4.')).toBeAttached()
    await page.keyboard.press('Escape')
    await expect(said(page, 'Move cancelled: back at 4 of 4.')).toBeAttached()
    expect(await listNames(page)).toEqual(['My tasks', 'Home', 'Shop', 'Work'])
    await expect.poll(() => storedOrder(page, person)).toEqual(['My tasks', 'Home', 'Shop', 'Work'])

    await listLink(page, 'Work').focus()
    await page.keyboard.press('Enter')
    await expect(listLink(page, 'Work')).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText('No tasks.')).toBeVisible()
  })
})

for (const { width, hasTouch } of [
  { width: 360, hasTouch: true },
  { width: 1280, hasTouch: false },
]) {
  test.describe(`gathered at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch })

    test('Find searches the list shown, or with All lists every list, naming each row’s list; Today names it too', async ({
      signedIn: page,
    }, testInfo) => {
      await addTasks(page, 'Buy stamps')
      await newList(page, 'Groceries')
      await taskInput(page).fill('Buy oat milk today')
      await expect(page.getByText(/^Due today/)).toBeVisible()
      await taskInput(page).press('Enter')
      await expect(row(page, 'Buy oat milk')).toBeVisible()

      await listLink(page, 'My tasks').click()
      const find = page.getByRole('searchbox', { name: 'Find tasks' })
      await find.fill('buy')
      expect(await rowTexts(page)).toEqual(['Buy stamps'])
      await press(page.getByRole('checkbox', { name: 'All lists' }), hasTouch)
      await expect.poll(() => rowTexts(page)).toEqual(['Buy stamps', 'Buy oat milk'])
      await expect(row(page, 'Buy oat milk')).toContainText('Today · Groceries')
      await expect(row(page, 'Buy stamps')).toContainText('My tasks')
      await expect(page.getByText('2 of 2')).toBeVisible()
      await page.screenshot({ path: testInfo.outputPath(`lists-find-${String(width)}.png`) })

      await find.fill('')
      await press(page.getByRole('link', { name: /^Today/ }), hasTouch)
      await expect.poll(() => rowTexts(page)).toEqual(['Buy oat milk'])
      await expect(row(page, 'Buy oat milk')).toContainText('Today · Groceries')
      await page.screenshot({ path: testInfo.outputPath(`lists-today-${String(width)}.png`) })
    })
  })
}
