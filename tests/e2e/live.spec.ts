import type { Page } from '@playwright/test'
import { addTasks, expect, newPerson, row, rowButton, rowTexts, test } from './fixtures'
import { storedTasksOf } from './support/backend'
import { device } from './support/devices'
import { lastInput, percentile, shownAt, wakeEvents, watchFor, watchInput } from './support/live'
import { goOffline, goOnline } from './support/network'

// Two browser contexts are two devices of one person, a laptop and a phone, both open and
// visible: a change on one shows on the other by itself, with no reload, focus or
// visibility event (the SDK's live query).

// Two devices each sign in through the popup: more steps than a one-page test.
test.slow()

const LIVE_MS = 2000

async function editText(page: Page, from: string, to: string) {
  await (await rowButton(page, from, 'Edit')).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Task' })
  await expect(dialog.getByRole('textbox', { name: 'Task' })).toBeFocused()
  await dialog.getByRole('textbox', { name: 'Task' }).fill(to)
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog).toBeHidden()
}

test('what the laptop adds, ticks and edits shows on the open phone within 2 s, with no event sent to it', async ({
  browser,
  request,
}, testInfo) => {
  const person = newPerson('Live')
  const laptop = await device(browser, person)
  const phone = await device(browser, person)
  for (const { page } of [laptop, phone]) {
    expect(await page.evaluate(() => document.visibilityState)).toBe('visible')
    await watchInput(page)
  }

  const latencies: Record<'add' | 'tick' | 'edit', number[]> = { add: [], tick: [], edit: [] }
  /** The laptop acts; the phone shows it within the goal; the time between is recorded. */
  async function change(kind: keyof typeof latencies, text: string, finished: boolean) {
    await watchFor(phone.page, text, finished)
    if (kind === 'add') await addTasks(laptop.page, text)
    if (kind === 'tick') {
      await row(laptop.page, text).getByRole('button', { name: 'Mark as complete' }).click()
    }
    if (kind === 'edit') await editText(laptop.page, text.replace(', edited', ''), text)
    const shown = row(phone.page, text)
    await expect(finished ? shown.and(phone.page.locator('.finished')) : shown).toBeVisible({
      timeout: LIVE_MS,
    })
    latencies[kind].push((await shownAt(phone.page)) - (await lastInput(laptop.page)))
  }

  const texts = Array.from({ length: 7 }, (_, i) => `Live task ${String(i + 1)}`)
  for (const text of texts) await change('add', text, false)
  for (const text of texts) await change('tick', text, true)
  for (const text of texts.slice(0, 6)) await change('edit', `${text}, edited`, true)

  const all = Object.values(latencies).flat()
  expect(all).toHaveLength(20)
  const figures = {
    changes: all.length,
    p50Ms: Math.round(percentile(all, 0.5)),
    p95Ms: Math.round(percentile(all, 0.95)),
    maxMs: Math.round(Math.max(...all)),
    ...Object.fromEntries(
      Object.entries(latencies).map(([kind, values]) => [
        `${kind}P50Ms`,
        Math.round(percentile(values, 0.5)),
      ]),
    ),
  }
  console.log(`Live latency, laptop → phone: ${JSON.stringify(figures)}`)
  await testInfo.attach('live-latency.json', { body: JSON.stringify({ figures, latencies }) })
  // The phone was never woken: it showed every change as it was.
  expect(await wakeEvents(phone.page)).toEqual([])
  expect(await rowTexts(phone.page)).toEqual(await rowTexts(laptop.page))
  expect((await storedTasksOf(request, person.email)).map(({ task }) => task)).toEqual(
    await rowTexts(phone.page),
  )
  await laptop.context.close()
  await phone.context.close()
})

test('both devices offline, one edits a task’s text and the other ticks it: both changes stay, on the server and on both', async ({
  browser,
  request,
}) => {
  const person = newPerson('Two Devices')
  const laptop = await device(browser, person)
  const phone = await device(browser, person)
  await addTasks(laptop.page, 'Email Alex', 'Keep')
  await expect(row(phone.page, 'Keep')).toBeVisible()

  await goOffline(laptop.context)
  await goOffline(phone.context)
  await editText(laptop.page, 'Email Alex', 'Email Alex about the contract')
  await row(phone.page, 'Email Alex').getByRole('button', { name: 'Mark as complete' }).click()
  await goOnline(laptop.context)
  await goOnline(phone.context)

  const expected = [
    { task: 'Keep', isFinished: false },
    { task: 'Email Alex about the contract', isFinished: true },
  ]
  await expect
    .poll(async () =>
      (await storedTasksOf(request, person.email)).map(({ task, isFinished }) => ({
        task,
        isFinished,
      })),
    )
    .toEqual(expected)
  for (const { page } of [laptop, phone]) {
    await expect(row(page, 'Email Alex about the contract')).toHaveClass(/finished/)
    expect(await rowTexts(page)).toEqual(expected.map(({ task }) => task))
  }
  await laptop.context.close()
  await phone.context.close()
})
