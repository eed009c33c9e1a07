import type { Locator, Page } from '@playwright/test'
import { expect, row } from '../fixtures'

export const handle = (page: Page, text: string) =>
  row(page, text).getByRole('button', { name: 'Reorder' })

/** What the page said last about a move or a drag (its status lines). */
export const said = (page: Page, words: string | RegExp) =>
  page.getByRole('status').filter({ hasText: words })

/**
 * Space on a Reorder handle, once the page has said it picked `text` up: dnd-kit's keyboard
 * sensor starts hearing the arrows one timer later, so an arrow pressed sooner (a busy machine
 * answers input before timers) would be lost. The page's own zero-delay timer runs after it.
 */
export async function pickUp(page: Page, pickedUp: string) {
  await page.keyboard.press('Space')
  await expect(said(page, pickedUp)).toBeAttached()
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

export const centre = async (locator: Locator) => {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on screen')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/**
 * A mouse drag of `text`'s handle to `target`'s row, as a person drags: pressed, moved past the
 * library's few pixels of slack, moved on in steps, released once the page says where it is.
 */
export async function mouseDrag(page: Page, text: string, target: string, words: string) {
  const from = await centre(handle(page, text))
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x, from.y + 10, { steps: 3 })
  await expect(said(page, /^Picked up/)).toBeAttached()
  const to = await centre(row(page, target))
  await page.mouse.move(from.x, to.y, { steps: 8 })
  await expect(said(page, words)).toBeAttached()
  await page.mouse.up()
}
