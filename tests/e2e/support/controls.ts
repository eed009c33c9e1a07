import {
  expect,
  type APIRequestContext,
  type Download,
  type Locator,
  type Page,
} from '@playwright/test'
import { deleteTasks } from '../../../scripts/firestore-rest.mjs'
import type { Person } from '../fixtures'
import { storedDocumentsOf } from './backend'
import { firestoreHere } from './emulator'

// The plumbing of the walk over every control (controls.spec.ts): what a page shows as
// controls, named by where they are; and pressing one as a person does at a given width.

export type Width = 360 | 1280
/** A finger at 360 px, a mouse at 1280 px, or the keyboard (focus, then Enter). */
export type Way = 'tap' | 'click' | 'keys'

/** What a person presses or types into, as the accessibility tree names it. */
const CONTROL_ROLES = new Set([
  'button',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'checkbox',
  'radio',
  'switch',
  'textbox',
  'searchbox',
  'combobox',
  'slider',
  'spinbutton',
  'option',
  'treeitem',
])
/** The parts of a page that tell one control from another of the same name. */
const SCOPE_ROLES = new Set([
  'banner',
  'main',
  'contentinfo',
  'navigation',
  'search',
  'region',
  'complementary',
  'form',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
  'tablist',
  'toolbar',
  'status',
  'alert',
  'list',
])

/**
 * Every control `page` shows (not what CSS hides, nor what is out of the accessibility tree),
 * each as its scopes, role and name: `main › list "Tasks" › button "Edit"`, digits as `#` (the
 * filters' counts). Read from Playwright's ARIA snapshot of the page; an unnamed list is no
 * scope (the filters' list), a named one is (the tasks).
 */
export async function controlsShown(page: Page): Promise<Set<string>> {
  const snapshot = await page.locator('body').ariaSnapshot()
  const scopes: { indent: number; name: string }[] = []
  const found = new Set<string>()
  for (const line of snapshot.split('\n')) {
    const match = /^(\s*)- '?([a-z]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(line)
    if (!match) continue
    const indent = match[1]?.length ?? 0
    const role = match[2] ?? ''
    const name = (match[3] ?? '').replace(/\\(.)/g, '$1').replace(/\d+/g, '#')
    while ((scopes.at(-1)?.indent ?? -1) >= indent) scopes.pop()
    const named = name ? `${role} "${name}"` : role
    if (CONTROL_ROLES.has(role)) found.add([...scopes.map((s) => s.name), named].join(' › '))
    else if (SCOPE_ROLES.has(role) && (role !== 'list' || name))
      scopes.push({ indent, name: named })
  }
  return found
}

/** One device's walk: its page at its width, pressing the way it is told. */
export interface Walk {
  page: Page
  width: Width
  way: Way
  person: Person
  request: APIRequestContext
  /** Alerts the page showed (dismissed), in order. */
  alerts: string[]
  /** Files it downloaded, in order. */
  downloads: Download[]
}

/**
 * Presses `target` `way`: a tap, a click at its centre, or from the keyboard (focus, which it
 * must take, then Enter). Items of a menu are reached with the menu's keys: see `menuItem`.
 */
export async function pressAs(page: Page, way: Way, target: Locator): Promise<void> {
  if (way === 'tap') await target.tap()
  else if (way === 'click') await target.click()
  else {
    await target.focus()
    await expect(target).toBeFocused()
    await page.keyboard.press('Enter')
  }
}

/**
 * The item `name` of the menu that `button` opens, opened `w.way`; by the keyboard the
 * arrows go to it, so that Enter then presses it.
 */
export async function menuItem(w: Walk, button: Locator, menu: Locator, name: string) {
  await pressAs(w.page, w.way, button)
  const item = menu.getByRole('menuitem', { name, exact: true })
  await expect(item).toBeVisible()
  if (w.way === 'keys') {
    // Opened on its first item; each ArrowDown moves one item on (and wraps).
    await expect(menu.getByRole('menuitem').first()).toBeFocused()
    const focused = () => w.page.evaluate(() => document.activeElement?.textContent.trim() ?? '')
    for (let step = 0; step < 8 && (await focused()) !== name; step++) {
      const from = await focused()
      await w.page.keyboard.press('ArrowDown')
      await expect.poll(focused).not.toBe(from)
    }
    await expect(item).toBeFocused()
  }
  return item
}

/** What the list shows, top to bottom: each row's text, `✓` after a finished one. */
export const shownList = (page: Page): Promise<string[]> =>
  page
    .getByRole('list', { name: 'Tasks' })
    .getByRole('listitem')
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.querySelector('.task-text')?.textContent ?? ''}${row.classList.contains('finished') ? ' ✓' : ''}`,
      ),
    )

/** Focus into a text field `w.way` (the New task field by its `/` key), then `text` typed. */
export async function typeInto(w: Walk, field: Locator, text: string) {
  if (w.way === 'keys' && (await field.getAttribute('aria-keyshortcuts'))?.includes('/')) {
    await w.page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
    })
    await w.page.keyboard.press('/')
  } else if (w.way === 'keys') await field.focus()
  else await field[w.way]()
  await expect(field).toBeFocused()
  await w.page.keyboard.press('ControlOrMeta+A')
  await w.page.keyboard.type(text)
}

export async function centre(locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on screen')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** Deletes every task of `email` but those of `ids`, one by one as a client would (live). */
export async function removeTasksBut(
  request: APIRequestContext,
  email: string,
  ids: readonly string[],
) {
  const extra = (await storedDocumentsOf(request, email)).filter(({ id }) => !ids.includes(id))
  if (extra.length > 0)
    await deleteTasks(
      firestoreHere(),
      extra.map(({ id }) => id),
    )
}
