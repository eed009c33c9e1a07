import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { AUTH } from './network'

// The Settings menu of a signed-in page, and the Auth emulator's admin view of its accounts.

/** A sample file of tests/fixtures. */
export const fixturePath = (name: string) => join(process.cwd(), 'tests/fixtures', name)

export const settingsButton = (page: Page) => page.getByRole('button', { name: 'Settings' })

/** Opens Settings and chooses `name` in its menu. */
export async function chooseInSettings(page: Page, name: string): Promise<void> {
  await settingsButton(page).click()
  await page.getByRole('menu', { name: 'Settings' }).getByRole('menuitem', { name }).click()
}

/** Import tasks with the file chooser answered by `file` (a path, or a name and its content). */
export async function importFile(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    chooseInSettings(page, 'Import tasks'),
  ])
  await chooser.setFiles(file)
  return page.getByRole('dialog', { name: 'Import tasks' })
}

/** Downloads the list through Export tasks as `format`; returns the file's name and text. */
export async function exportAs(page: Page, format: 'JSON' | 'CSV') {
  await chooseInSettings(page, 'Export tasks')
  const dialog = page.getByRole('dialog', { name: 'Export tasks' })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: `Download ${format}` }).click(),
  ])
  const path = await download.path()
  const text = await readFile(path, 'utf8')
  await dialog.getByRole('button', { name: 'Close' }).click()
  return { name: download.suggestedFilename(), path, text }
}

/** The account's line below the header. */
export const accountLine = (page: Page) => page.locator('.account-line')

/** The uid of the Auth emulator's account for `email`, or null (its admin lookup, `Bearer owner`). */
export async function authAccountOf(
  request: APIRequestContext,
  email: string,
): Promise<string | null> {
  const response = await request.post(
    `${AUTH}/identitytoolkit.googleapis.com/v1/projects/demo-todo/accounts:lookup`,
    { headers: { authorization: 'Bearer owner' }, data: { email: [email] } },
  )
  if (!response.ok()) throw new Error(`accounts:lookup: ${String(response.status())}`)
  const { users } = (await response.json()) as { users?: { localId: string }[] }
  return users?.[0]?.localId ?? null
}

/** Whether the Auth emulator holds an account for `email`. */
export const hasAuthAccount = async (request: APIRequestContext, email: string) =>
  (await authAccountOf(request, email)) !== null

/** The signed-in user's ID token as the Auth SDK keeps it on the device (IndexedDB). */
export function idTokenOn(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb')
        open.onerror = () => {
          reject(new Error('No Auth storage'))
        }
        open.onsuccess = () => {
          const all = open.result
            .transaction('firebaseLocalStorage')
            .objectStore('firebaseLocalStorage')
            .getAll()
          all.onsuccess = () => {
            open.result.close()
            const kept = (
              all.result as { value?: { stsTokenManager?: { accessToken?: string } } }[]
            )
              .map(({ value }) => value?.stsTokenManager?.accessToken)
              .find((token) => token !== undefined)
            if (kept) resolve(kept)
            else reject(new Error('No signed-in user kept'))
          }
        }
      }),
  )
}
