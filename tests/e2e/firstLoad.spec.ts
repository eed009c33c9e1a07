import type { Page, Route } from '@playwright/test'
import { expect, newPerson, rowTexts, test, type Person } from './fixtures'
import { seedList } from './support/backend'
import { LISTEN_CHANNEL } from './support/network'
import { signInThroughEmulatorPopup } from './support/offline-google'

// A new device whose first answer fails or never comes: it never says 'No tasks have been
// added yet' (an empty answer from its cache is not an empty list); it says the tasks are
// loading, after a while that they have not arrived, with Retry, which asks again.

const texts = (n: number) => `Task ${String(n)}`

/** What the server's Listen channel does with the page's requests. */
type Listen = (route: Route) => Promise<void> | undefined

async function signInWhileListenIs(page: Page, person: Person, listen: Listen) {
  await seedList(person.email, { count: 3, text: texts })
  let asked!: () => void
  const listened = new Promise<void>((resolve) => (asked = resolve))
  await page.context().route(LISTEN_CHANNEL, (route) => {
    asked()
    return listen(route)
  })
  await page.clock.install()
  await page.goto('./')
  // Every text the empty list shows, in order, each change (signed out, it says 'No tasks').
  await page.evaluate(() => {
    const said: string[] = []
    Object.assign(window, { e2eSaid: said })
    new MutationObserver(() => {
      const text = document.querySelector('.empty p')?.textContent ?? ''
      if (text !== said.at(-1)) said.push(text)
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  const shown = () => page.evaluate(() => (window as unknown as { e2eSaid: string[] }).e2eSaid)
  await signInThroughEmulatorPopup(page, person, () =>
    page.getByRole('button', { name: 'Login now' }).click(),
  )
  await expect(page.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
  await listened
  return shown
}

const LISTENS: [string, Listen][] = [
  ['never comes', () => undefined],
  ['fails', (route) => route.abort('connectionreset')],
  ['is refused (503)', (route) => route.fulfill({ status: 503, body: '' })],
]

for (const [what, listen] of LISTENS) {
  test(`the first answer ${what}: loading, then not arrived with Retry; never “no tasks”`, async ({
    page,
  }) => {
    const person = newPerson('New Device')
    const shown = await signInWhileListenIs(page, person, listen)
    await expect(page.getByText('Loading your tasks…')).toBeVisible()
    // Past the SDK's own wait for the server (10 s), when it answers from the empty cache,
    // and past the page's own wait.
    await page.clock.fastForward('00:11')
    await page.clock.fastForward('00:05')
    await expect(page.getByText('Your tasks have not arrived yet.')).toBeVisible()
    const retry = page.getByRole('button', { name: 'Retry' })
    await expect(retry).toBeVisible()

    await page.context().unroute(LISTEN_CHANNEL)
    // Where the channel failed, the SDK tries again on its own and may bring the list before
    // the click, taking Retry away: then there is nothing to press. Where the answer never
    // came, only Retry asks again.
    await retry.click({ timeout: 5_000 }).catch(async (error: unknown) => {
      if (what === 'never comes' || (await retry.isVisible())) throw error
    })
    await expect.poll(() => rowTexts(page)).toEqual([texts(1), texts(2), texts(3)])
    const said = await shown()
    const signedIn = said.indexOf('Loading your tasks…')
    expect(said.slice(signedIn)).not.toContain('No tasks have been added yet')
    expect(said.slice(signedIn)).toContain('Your tasks have not arrived yet.')
  })
}
