import { createServer, type AddressInfo, type Socket } from 'node:net'
import type { BrowserContext, Page, Response, Route } from '@playwright/test'
import { expect, type Person } from '../fixtures'
import { accountLine, authAccountOf, chooseInSettings } from './account'
import { deletionRecordOf, seedList, storedCountOf } from './backend'
import { deviceText } from './deviceStore'
import { goOffline } from './network'

// Delete account in the browser: its dialog, what the server holds after it (the emulators'
// admin views), and a connection cut at a chosen request.

export const DELETED = 'Your account and all its tasks were deleted. You are signed out.'

export async function openDeletion(page: Page) {
  await chooseInSettings(page, 'Delete account')
  return page.getByRole('dialog', { name: 'Delete account' })
}

/** What the server holds of `person`: their tasks, their Auth account, the deletion record. */
export async function serverHolds(page: Page, person: Person) {
  return {
    tasks: await storedCountOf(page.request, person.email),
    account: (await authAccountOf(page.request, person.email)) !== null,
    ...(await deletionRecordOf(page.request, person.email)),
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

/** Delete account's steps go out as transactions: one commit request each (accountMark.ts). */
export const COMMIT = '**/documents:commit*'

/**
 * Cuts the device's connection as the first commit for which `when` holds goes out: that
 * request never reaches the server, the device goes offline. Resolves once it has.
 */
export async function cutWhen(context: BrowserContext, when: (body: string) => boolean) {
  let cut: () => void = () => undefined
  const happened = new Promise<void>((resolve) => (cut = resolve))
  await onFirstCommit(context, when, async (route) => {
    await route.abort('internetdisconnected')
    await goOffline(context)
    cut()
  })
  return happened
}

/** `handle` takes the first commit for which `when` holds; every other goes on. */
function onFirstCommit(
  context: BrowserContext,
  when: (body: string) => boolean,
  handle: (route: Route) => Promise<void>,
) {
  let done = false
  return context.route(COMMIT, async (route) => {
    if (done || !when(route.request().postData() ?? '')) {
      await route.fallback()
      return
    }
    done = true
    await handle(route)
  })
}

/** The steps that delete tasks: `n` of them let through, the next one cut. */
export function afterDeleteSteps(n: number) {
  let seen = 0
  return (body: string) => body.includes('"delete"') && ++seen > n
}

/** Resolves once `n` steps deleting tasks have been answered by the server. */
export function deleteStepsAnswered(page: Page, n: number): Promise<void> {
  let seen = 0
  return new Promise((resolve) => {
    const answered = (response: Response) => {
      const request = response.request()
      if (!request.url().includes('documents:commit')) return
      if (!(request.postData() ?? '').includes('"delete"') || !response.ok()) return
      if (++seen < n) return
      page.off('response', answered)
      resolve()
    }
    page.on('response', answered)
  })
}

/**
 * Sends the first commit for which `when` holds to a server that takes it and never answers,
 * so it is on its way for as long as the page lives and never reaches the emulator. Holding it
 * in the route instead is not a request on its way: when the page closes, Chromium lets a held
 * request go on to the server, or not (CI, 2026-12-07: the held last step landed after close).
 */
export async function neverAnswered(context: BrowserContext, when: (body: string) => boolean) {
  const sockets = new Set<Socket>()
  let sent: () => void = () => undefined
  const onItsWay = new Promise<void>((resolve) => (sent = resolve))
  // Resolved when the request arrives here: it left the browser.
  const silent = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.once('data', () => {
      sent()
    })
  })
  await new Promise<void>((listening) => silent.listen(0, '127.0.0.1', listening))
  const { port } = silent.address() as AddressInfo
  await onFirstCommit(context, when, async (route) => {
    const { pathname, search } = new URL(route.request().url())
    await route.continue({ url: `http://127.0.0.1:${String(port)}${pathname}${search}` })
  })
  return {
    onItsWay,
    async stop() {
      await context.unroute(COMMIT)
      for (const socket of sockets) socket.destroy()
      await new Promise((closed) => silent.close(closed))
    },
  }
}
