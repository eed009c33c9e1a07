import type { Page } from '@playwright/test'
import { expect } from '../fixtures'

// The lists' controls as a person finds them (src/features/lists).

export const listsNav = (page: Page) => page.getByRole('navigation', { name: 'Lists' })
export const listLink = (page: Page, name: string | RegExp) =>
  listsNav(page).getByRole('link', { name })

/** Makes a list through the quiet "New list" button and its dialog; the page shows it once made. */
export async function newList(page: Page, name: string) {
  await page.getByRole('button', { name: 'New list' }).click()
  const dialog = page.getByRole('dialog', { name: 'New list' })
  await dialog.getByRole('textbox', { name: 'New list name' }).fill(name)
  await dialog.getByRole('button', { name: 'Add list' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(listLink(page, new RegExp(`^${name}`))).toHaveAttribute('aria-current', 'page')
}
