import { test as base, expect, type Page } from '@playwright/test'
import { routeGoogleOffline, signInThroughEmulatorPopup } from './support/offline-google'

export interface Person {
  email: string
  displayName: string
}

let people = 0
/** A new person for each call, so runs never meet each other's accounts or tasks. */
export function newPerson(name = 'Ada Lovelace'): Person {
  people++
  const stamp = `${String(Date.now())}-${String(people)}`
  return { email: `user-${stamp}@example.com`, displayName: `${name} ${stamp.slice(-4)}` }
}

/** Clicks 'Login now' and completes the Auth emulator's real popup as `person`. */
export async function signIn(page: Page, person: Person): Promise<void> {
  await signInThroughEmulatorPopup(page, person, () =>
    page.getByRole('button', { name: 'Login now' }).click(),
  )
  await expect(page.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
}

export const test = base.extend<{ consoleMessages: string[] }>({
  context: async ({ context }, use) => {
    await routeGoogleOffline(context)
    await use(context)
  },
  consoleMessages: async ({ page }, use) => {
    const messages: string[] = []
    page.on('console', (message) => messages.push(message.text()))
    await use(messages)
  },
})

export { expect }
