import type { BrowserContext, Page } from '@playwright/test'
import { expect, type Person } from '../fixtures'
import { accountLine, authAccountOf, chooseInSettings } from './account'
import { isMarkedDeleted, seedList, storedCountOf } from './backend'
import { deviceText } from './deviceStore'
import { goOffline, WRITE_CHANNEL } from './network'

// Delete account in the browser: its dialog, what the server holds after it (the emulators'
// admin views), and a connection cut at a chosen request.

export const DELETED = 'Your account and all its tasks were deleted. You are signed out.'

export async function openDeletion(page: Page) {
  await chooseInSettings(page, 'Delete account')
  return page.getByRole('dialog', { name: 'Delete account' })
}

/** What the server holds of `person`: their tasks, their Auth account, the deletion mark. */
export async function serverHolds(page: Page, person: Person, uid: string) {
  return {
    tasks: await storedCountOf(page.request, person.email),
    account: (await authAccountOf(page.request, person.email)) !== null,
    marked: await isMarkedDeleted(page.request, uid),
  }
}

/**
 * `count` tasks of `person` stored while their list is open (they arrive live: a first answer
 * of over 200 can be lost by the emulator, docs/testing.md), and shown in the dialog's count.
 */
export async function plantTasks(page: Page, person: Person, count: number) {
  await seedList(person.email, { count, text: (n) => `Planted task ${String(n)}` })
  await expect.poll(() => storedCountOf(page.request, person.email)).toBe(count)
  const dialog = await openDeletion(page)
  await expect(dialog.getByRole('status')).toContainText(
    `your ${count.toLocaleString('en-US')} tasks`,
    { timeout: 60_000 },
  )
  return dialog
}

/** Signed out, the account and its tasks gone from the server, nothing of theirs here. */
export async function expectGone(page: Page, person: Person) {
  // Deleting 1,200 tasks takes Google's emulator minutes on a busy machine.
  await expect(page.getByRole('button', { name: 'Login now' })).toBeVisible({ timeout: 240_000 })
  await expect(accountLine(page)).toHaveText(DELETED)
  expect(await storedCountOf(page.request, person.email)).toBe(0)
  expect(await authAccountOf(page.request, person.email)).toBeNull()
  // The device's cache goes once the SDK has been stopped and its database deleted.
  await expect
    .poll(async () => {
      const kept = await deviceText(page)
      return [person.email, person.displayName, 'Planted task', 'Water the plants'].filter(
        (trace) => kept.includes(trace),
      )
    })
    .toEqual([])
  expect(await page.evaluate(() => sessionStorage.getItem('userEmail'))).toBeNull()
  expect(await page.evaluate(() => localStorage.getItem('todo.lastUser'))).toBeNull()
}

/**
 * React's own errors on `page` from now on (an update loop, in production words or
 * development's), logged or thrown: React 19 reports an uncaught one as a page error.
 */
export function watchReactErrors(page: Page): () => string[] {
  const seen: string[] = []
  const keep = (text: string) => {
    if (/Maximum update depth|Minified React error/.test(text)) seen.push(text)
  }
  page.on('console', (message) => {
    keep(message.text())
  })
  page.on('pageerror', (error) => {
    keep(String(error))
  })
  return () => seen
}

/** A write request's body as the SDK sends it (a form whose fields hold JSON). */
const bodyOf = (text: string | null) => decodeURIComponent((text ?? '').replace(/\+/g, ' '))

/**
 * Cuts the device's connection as the first write request for which `when` holds goes out:
 * that request never reaches the server, the device goes offline. Resolves once it has.
 */
export async function cutWhen(context: BrowserContext, when: (body: string) => boolean) {
  let cut: () => void = () => undefined
  const happened = new Promise<void>((resolve) => (cut = resolve))
  let done = false
  await context.route(WRITE_CHANNEL, async (route) => {
    if (done || !when(bodyOf(route.request().postData()))) {
      await route.fallback()
      return
    }
    done = true
    await route.abort('internetdisconnected')
    await goOffline(context)
    cut()
  })
  return happened
}

/** The requests that carry a batch of deletes: `n` of them let through, the next one cut. */
export function afterDeleteBatches(n: number) {
  let seen = 0
  return (body: string) => body.includes('"delete":') && ++seen > n
}

/** The request that carries the deletion mark. */
export const markRequest = (body: string) => body.includes('/documents/deletedAccounts/')
