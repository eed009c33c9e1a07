import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { clearTasks } from './support/backend'
import { closeDevices } from './support/devices'
import { deviceOpened, startTest, startWorker } from './support/emulator'
import { followNetworkOfTest } from './support/network'
import { routeGoogleOffline, signInThroughEmulatorPopup } from './support/offline-google'

export interface Person {
  email: string
  displayName: string
}

let people = 0
/**
 * A new person for each call, so runs and workers never meet each other's accounts (the Auth
 * emulator's one project holds them all) or tasks.
 */
export function newPerson(name = 'Ada Lovelace'): Person {
  people++
  const worker = process.env.TEST_WORKER_INDEX ?? '0'
  const stamp = `${String(Date.now())}-w${worker}-${String(people)}`
  return { email: `user-${stamp}@example.com`, displayName: `${name} ${stamp.slice(-4)}` }
}

/**
 * Clicks 'Login now', completes the Auth emulator's real popup as `person`, and waits, as a
 * person would, until their list is shown (or its absence: "No tasks have been added yet").
 */
export async function signIn(page: Page, person: Person): Promise<void> {
  await signInThroughEmulatorPopup(page, person, () =>
    page.getByRole('button', { name: 'Login now' }).click(),
  )
  await expect(page.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
  await expect(
    taskRows(page).first().or(page.getByText('No tasks have been added yet')),
  ).toBeVisible()
}

export const taskInput = (page: Page) => page.getByRole('textbox', { name: 'New task' })
export const taskRows = (page: Page) =>
  page.getByRole('list', { name: 'Tasks' }).getByRole('listitem')
export const row = (page: Page, text: string): Locator => taskRows(page).filter({ hasText: text })
/** The one line that says whether changes are saved (the sync status). */
export const syncLine = (page: Page) => page.locator('.sync-status')

/**
 * A row's Edit or Delete, ready to click: a button beside the text, or on a narrow screen an item
 * of the row's "More actions" menu, which this opens.
 */
export async function rowButton(page: Page, text: string, name: 'Edit' | 'Delete') {
  const item = row(page, text)
  const button = item
    .getByRole('button', { name, exact: true })
    .or(item.getByRole('menuitem', { name, exact: true }))
    .filter({ visible: true })
  const more = item.getByRole('button', { name: 'More actions' }).filter({ visible: true })
  await expect(button.or(more).first()).toBeVisible()
  if ((await button.count()) === 0) await more.click()
  return button
}

/** The texts of the rows, top to bottom. */
export async function rowTexts(page: Page): Promise<string[]> {
  return taskRows(page).locator('.task-text').allTextContents()
}

/** Every text an element matching `selector` shows from now on, even for a moment, in the order
 * first shown. */
export async function recordShownTexts(
  page: Page,
  selector: string,
): Promise<() => Promise<string[]>> {
  await page.evaluate((selector) => {
    const seen = new Set<string>()
    Object.assign(window, { e2eSeenTexts: seen })
    new MutationObserver(() => {
      for (const element of document.querySelectorAll(selector)) seen.add(element.textContent)
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  }, selector)
  return () =>
    page.evaluate(() => [...(window as unknown as { e2eSeenTexts: Set<string> }).e2eSeenTexts])
}

export async function addTasks(page: Page, ...texts: string[]): Promise<void> {
  for (const text of texts) {
    await taskInput(page).fill(text)
    await taskInput(page).press('Enter')
    await expect(row(page, text)).toBeVisible()
  }
}

export const test = base.extend<
  {
    /** The test's own Firestore project (support/emulator.ts), emptied after it. */
    firestoreProject: string
    consoleMessages: string[]
    person: Person
    signedIn: Page
  },
  { worker: undefined }
>({
  worker: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      startWorker(workerInfo.workerIndex)
      await provide(undefined)
    },
    { scope: 'worker', auto: true },
  ],
  // Each test closes its devices and leaves its project's database empty: the emulator keeps
  // every project in memory. Set up first, so torn down after its pages.
  firestoreProject: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const project = startTest()
      await provide(project)
      await closeDevices()
      await clearTasks(project)
    },
    { auto: true },
  ],
  context: async ({ context, firestoreProject: project }, provide) => {
    await deviceOpened(context, project)
    await routeGoogleOffline(context)
    await followNetworkOfTest(context)
    await provide(context)
  },
  consoleMessages: async ({ page }, provide) => {
    const messages: string[] = []
    page.on('console', (message) => messages.push(message.text()))
    await provide(messages)
  },
  // Playwright reads a fixture's dependencies from this pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  person: async ({}, provide) => {
    await provide(newPerson())
  },
  /** The page, signed in through the popup as a new person with no tasks. */
  signedIn: async ({ page, person }, provide) => {
    await page.goto('./')
    await signIn(page, person)
    await expect(page.getByText('No tasks have been added yet')).toBeVisible()
    await provide(page)
  },
})

export { expect }
