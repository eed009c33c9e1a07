import type { BrowserContext, Page } from '@playwright/test'
import type { createOracle, Pending } from '../../faults/faultOracle'
import { expect, row, taskInput } from '../fixtures'
import { queuedWrites } from './deviceStore'
import { wouldAsk } from './leaving'

// One device of the fault scenario, and the person's actions on it, made through the page as
// a person would and read back from the page: what the oracle needs to know.

export interface Row {
  id: string
  task: string
  isFinished: boolean
}

export interface Device {
  name: string
  context: BrowserContext
  page: Page
  /** The task this device deleted last, while its Undo may still be offered. */
  lastDeleted: string | null
  /** The console's words for each of its writes the server refused ('Error … document'). */
  refusals: string[]
  /** How many refused changes the person discarded at the end (the server's version shown). */
  discarded?: number
  /** How often the other device read its queue while a change of it was in memory only. */
  waitedForDisk?: number
}

export type Action = 'add' | 'toggle' | 'edit' | 'delete' | 'undo'
export type Oracle = ReturnType<typeof createOracle>

/** The rows the page shows, top to bottom. */
export const shownRows = (page: Page): Promise<Row[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('li[data-task-id]'), (item) => ({
      id: item.dataset.taskId ?? '',
      task: item.querySelector('.task-text')?.textContent ?? '',
      isFinished: item.classList.contains('finished'),
    })),
  )

/** Clicks a row's control by the task's id, and reads the row once the page has drawn it. */
const clickAndRead = (page: Page, id: string, control: 'toggle' | 'edit' | 'delete') =>
  page.evaluate(
    async ([taskId, kind]) => {
      const item = () => document.querySelector(`li[data-task-id="${CSS.escape(taskId)}"]`)
      const button = item()?.querySelector<HTMLElement>(`[data-control="${kind}"]`)
      if (!button) return null
      button.click()
      // One task later React has drawn what the click changed.
      await new Promise((resolve) => setTimeout(resolve))
      const after = item()
      return {
        task: after?.querySelector('.task-text')?.textContent ?? null,
        isFinished: after?.classList.contains('finished') ?? null,
      }
    },
    [id, control] as const,
  )

/**
 * The other device's queued writes, as the oracle weighs them: read from its disk before the
 * action, once none of its changes is in its memory only (the SDK puts each on disk a moment
 * after the click; under load, long enough for a read to miss one). So every write of the other
 * device that may land after this action's is among them: one acknowledged before the read
 * landed before it. How often the read had to wait is counted (`waitedForDisk`).
 */
async function pendingOn(other: Device): Promise<Pending[]> {
  if (await wouldAsk(other.page)) {
    other.waitedForDisk = (other.waitedForDisk ?? 0) + 1
    await expect.poll(() => wouldAsk(other.page)).toBe(false)
  }
  return (await queuedWrites(other.page)).map(({ id, deletes, fields, values }) => ({
    id,
    deletes,
    creates: fields === 'all',
    values: Object.fromEntries(
      Object.entries(values).filter(([field]) => field === 'task' || field === 'isFinished'),
    ),
  }))
}

/**
 * `device` does `action` to the task at `pick` (a share of its list), with `word` for new text;
 * the oracle hears what it changed. Returns what was done ('skipped' when there was nothing
 * to do it to, or the task went meanwhile).
 */
export async function act(
  device: Device,
  other: Device,
  oracle: Oracle,
  action: Action,
  pick: number,
  word: string,
): Promise<Action | 'skipped'> {
  const { page } = device
  const rows = await shownRows(page)
  const target = rows[Math.floor(pick * rows.length)]
  const otherPending = await pendingOn(other)
  if (action === 'add') {
    const text = `Task ${word}`
    await taskInput(page).fill(text)
    await taskInput(page).press('Enter')
    await expect(row(page, text)).toBeVisible()
    const added = (await shownRows(page)).find(({ task }) => task === text)
    if (!added) return 'skipped'
    oracle.set(device.name, added.id, { task: text, isFinished: false }, otherPending, true)
    return action
  }
  if (action === 'undo') {
    const undo = page.getByRole('button', { name: 'Undo' })
    const id = device.lastDeleted
    device.lastDeleted = null
    if (id === null || !(await undo.isVisible())) return 'skipped'
    await undo.click()
    const restored = (await shownRows(page)).find((shown) => shown.id === id)
    if (!restored) return 'skipped'
    const { task, isFinished } = restored
    oracle.set(device.name, id, { task, isFinished }, otherPending, true)
    return action
  }
  device.lastDeleted = null
  if (!target) return 'skipped'
  if (action === 'delete') {
    if ((await clickAndRead(page, target.id, 'delete')) === null) return 'skipped'
    oracle.deleted(target.id, otherPending, device.name)
    device.lastDeleted = target.id
    return action
  }
  if (action === 'toggle') {
    const after = await clickAndRead(page, target.id, 'toggle')
    if (after?.isFinished === null || after === null) return 'skipped'
    oracle.set(device.name, target.id, { isFinished: after.isFinished }, otherPending)
    return action
  }
  if ((await clickAndRead(page, target.id, 'edit')) === null) return 'skipped'
  const dialog = page.getByRole('dialog', { name: 'Edit Task' })
  const save = dialog.getByRole('button', { name: 'Save changes' })
  const close = dialog.getByRole('button', { name: 'Close' })
  await expect(close).toBeVisible()
  // Deleted on the other device while the dialog opened: it only says so.
  if (!(await save.isVisible())) {
    await close.click()
    return 'skipped'
  }
  const text = `Edited ${word}`
  try {
    await dialog.getByRole('textbox', { name: 'Task' }).fill(text, { timeout: 10_000 })
    await save.click({ timeout: 10_000 })
  } catch {
    // Deleted on the other device while typing: the dialog now only says so.
    await close.click()
    return 'skipped'
  }
  await expect(dialog).toBeHidden()
  const after = (await shownRows(page)).find(({ id }) => id === target.id)
  if (after?.task !== text) return 'skipped'
  oracle.set(device.name, target.id, { task: text }, otherPending)
  return action
}
