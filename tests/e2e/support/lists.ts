import type { Locator, Page } from '@playwright/test'
import { expect } from '../fixtures'

// The list switcher as a person finds it: the Lists navigation, its links, New list's dialog.

export const listsNav = (page: Page) => page.getByRole('navigation', { name: 'Lists' })
export const listLink = (page: Page, name: string) =>
  listsNav(page).getByRole('link', { name: new RegExp(`^${name} `) })

/** The lists' names in the switcher's line, left to right. */
export const listNames = (page: Page) => listsNav(page).locator('.list-name').allTextContents()

/** Makes a list through New list and its dialog; the page shows it once made. */
export async function newList(page: Page, name: string) {
  await page.getByRole('button', { name: 'New list' }).click()
  const dialog = page.getByRole('dialog', { name: 'New list' })
  await dialog.getByRole('textbox', { name: 'New list name' }).fill(name)
  await dialog.getByRole('button', { name: 'Add list' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(listLink(page, name)).toHaveAttribute('aria-current', 'page')
}

/** A tap on a touch screen, a click elsewhere. */
export const press = (locator: Locator, hasTouch: boolean) =>
  hasTouch ? locator.tap() : locator.click()
