import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { FINISHED_ORDER_BASE } from '../../src/features/tasks/model/ordering'
import { newTask as taskFixture } from '../../src/services/taskDocument'
import { expect, newPerson, row, test, type Person } from './fixtures'
import { fixturePath } from './support/account'
import { seedTasks, storedTasksOf, whileWritesRefused } from './support/backend'
import {
  centre,
  controlsShown,
  menuItem,
  pressAs,
  removeTasksBut,
  shownList,
  typeInto,
  type Walk,
  type Way,
  type Width,
} from './support/controls'
import { newDevice } from './support/devices'
import { pickUp, said } from './support/drag'
import { LISTEN_CHANNEL } from './support/network'
import { signInThroughEmulatorPopup } from './support/offline-google'

// Every control the app draws, pressed where it shows as a person presses it: tapped at
// 360 px, clicked at 1280 px, and from the keyboard; each press must change what the person
// sees or what the server holds. In every state the walk reaches it reads every control the
// page shows (its ARIA snapshot) and fails on one the table below does not know: a control
// added later fails here until the table walks it too.

type State = 'signed out' | 'signed in' | 'late'

/** One control: where it is, where it shows, how a person gets to it, what pressing it does. */
interface Control {
  /** Its scopes, role and name, as `controlsShown` reads them (digits as `#`). */
  key: string
  /** The widths at which it shows (and is pressed). */
  widths: readonly Width[]
  /** The page's state it is pressed in (the walk brings the device there first). */
  state: State
  /** From the resting list to the control, shown; by the walk's way (the keyboard: its keys). */
  reach: (w: Walk) => Locator | Promise<Locator>
  /** How it is pressed, when not as a button (a field is typed into, the handle dragged). */
  press?: (w: Walk, control: Locator) => Promise<void>
  /** What pressing it changed; what it opened is closed again. */
  changed: (w: Walk) => Promise<void>
  /** Why it is known but not pressed here. */
  notPressed?: string
}

const BOTH: readonly Width[] = [360, 1280]
const NARROW: readonly Width[] = [360]
const WIDE: readonly Width[] = [1280]

/** The list each press starts from, on the server and on screen. */
const REST = ['Alpha', 'Bravo', 'Charlie', 'Done ✓']
const restTasks = (email: string) =>
  REST.map((text, i) =>
    taskFixture({
      id: `${email.replace(/[^A-Za-z0-9]/g, '')}r${String(i)}`,
      task: text.replace(' ✓', ''),
      isFinished: text.endsWith(' ✓'),
      email,
      order: text.endsWith(' ✓') ? FINISHED_ORDER_BASE + i : i,
    }),
  )

const loginNow = (page: Page) => page.getByRole('button', { name: 'Login now' })
const logOut = (page: Page) => page.getByRole('button', { name: 'Log Out' })
const newTask = (page: Page) => page.getByRole('textbox', { name: 'New task' })
const addTask = (page: Page) => page.getByRole('button', { name: 'Add Task' })
const findField = (page: Page) => page.getByRole('searchbox', { name: 'Find tasks' })
const settings = (page: Page) => page.getByRole('button', { name: 'Settings' })
const settingsMenu = (page: Page) => page.getByRole('menu', { name: 'Settings' })
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
const undoBar = (page: Page) => page.locator('.undo-bar')
const deletesLine = (page: Page) => page.locator('.unsaved-deletes')
const accountLine = (page: Page) => page.locator('.account-line')
const loadRetry = (page: Page) => page.locator('.empty').getByRole('button', { name: 'Retry' })
const more = (page: Page, text: string) =>
  row(page, text).getByRole('button', { name: 'More actions' })
const rowMenu = (page: Page, text: string) =>
  row(page, text).getByRole('menu', { name: 'More actions' })
/** What the list says of moves from now on, not before: what it said is marked as heard. */
const hearMoves = (page: Page) =>
  page.locator('ul + [role="status"] span').evaluateAll((spans) => {
    for (const span of spans) span.setAttribute('data-heard', '')
  })
const movedSaid = (page: Page, words: string) =>
  page.locator('ul + [role="status"] span:not([data-heard])').filter({ hasText: words })

/** The person's tasks as the server holds them, in list order, `✓` after a finished one. */
const stored = async ({ request, person }: Walk) =>
  (await storedTasksOf(request, person.email)).map(
    ({ task, isFinished }) => `${task}${isFinished ? ' ✓' : ''}`,
  )
/** Shown and stored, both. */
async function listIs(w: Walk, list: string[]) {
  await expect.poll(() => shownList(w.page)).toEqual(list)
  await expect.poll(() => stored(w)).toEqual(list)
}

/** A row's Edit or Delete: its button wider than 30rem, an item of its menu on a phone. */
async function rowAction(w: Walk, text: string, name: 'Edit' | 'Delete') {
  if (w.width === 1280) {
    await pressAs(w.page, w.way, row(w.page, text).getByRole('button', { name, exact: true }))
  } else {
    await pressAs(w.page, w.way, await menuItem(w, more(w.page, text), rowMenu(w.page, text), name))
  }
}

/** The date the server holds for Alpha. */
const dueOfAlpha = async ({ request, person }: Walk) =>
  (await storedTasksOf(request, person.email)).find(({ task }) => task === 'Alpha')?.due
const repeatOfAlpha = async ({ request, person }: Walk) =>
  (await storedTasksOf(request, person.email)).find(({ task }) => task === 'Alpha')?.repeat

/** A field focused `w.way`: tapped, clicked, or reached from the keyboard. */
async function focusAs(w: Walk, field: Locator) {
  if (w.way === 'tap') await field.tap()
  else if (w.way === 'click') await field.click()
  else await field.focus()
  await expect(field).toBeFocused()
}

async function openEdit(w: Walk, text: string) {
  await rowAction(w, text, 'Edit')
  await expect(dialog(w.page, 'Edit Task').getByRole('textbox', { name: 'Task' })).toHaveValue(text)
  return dialog(w.page, 'Edit Task')
}

const settingsItem = (w: Walk, name: string) =>
  menuItem(w, settings(w.page), settingsMenu(w.page), name)

async function openFromSettings(w: Walk, name: string) {
  await pressAs(w.page, w.way, await settingsItem(w, name))
  await expect(dialog(w.page, name)).toBeVisible()
  return dialog(w.page, name)
}

/** Import tasks, its file chooser answered with a sample file. */
async function importFixture(w: Walk, name: string) {
  const item = await settingsItem(w, 'Import tasks')
  const [chooser] = await Promise.all([
    w.page.waitForEvent('filechooser'),
    pressAs(w.page, w.way, item),
  ])
  await chooser.setFiles(fixturePath(name))
  await expect(dialog(w.page, 'Import tasks')).toBeVisible()
  return dialog(w.page, 'Import tasks')
}

/** Imports the three tasks of a sample file, and waits until all are saved. */
async function imported(w: Walk) {
  const adding = await importFixture(w, 'todo-tasks-2026-11-27.json')
  await pressAs(w.page, w.way, adding.getByRole('button', { name: 'Add 3 tasks' }))
  await expect(accountLine(w.page)).toContainText('Imported 3 tasks.')
}

async function closedWithEscape(page: Page, what: Locator) {
  await page.keyboard.press('Escape')
  await expect(what).toBeHidden()
}

/** A picture of `w.page` to look at, in test-results/screens/. */
const picture = (w: Walk, what: string) =>
  w.page.screenshot({ path: `test-results/screens/controls-${what}-${String(w.width)}.png` })

/** A change the server refuses (every write refused while `act` runs); then writes go again. */
async function refused(w: Walk, act: () => Promise<void>, where: Locator) {
  await whileWritesRefused(w.request, async () => {
    await act()
    await expect(where).toContainText('Not saved')
  })
}

/** Alpha's handle dragged down past Charlie: by a finger, a mouse, or the handle's keys. */
async function dragAlphaDown(w: Walk, handle: Locator) {
  const { page } = w
  if (w.way === 'keys') {
    await handle.focus()
    await pickUp(page, 'Picked up Alpha, at 1 of 4.')
    for (const place of ['2', '3']) {
      await page.keyboard.press('ArrowDown')
      await expect(said(page, `Moving to ${place} of 4.`)).toBeAttached()
    }
    await page.keyboard.press('Space')
    return
  }
  const from = await centre(handle)
  const to = await centre(row(page, 'Charlie'))
  if (w.way === 'click') {
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move(from.x, from.y + 10, { steps: 3 })
    await expect(said(page, /^Picked up Alpha/)).toBeAttached()
    await page.mouse.move(from.x, to.y + 4, { steps: 8 })
    await expect(said(page, 'Moving to 3 of 4.')).toBeAttached()
    await page.mouse.up()
    return
  }
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: from.x, y }],
    })
  await touch('touchStart', from.y)
  for (let y = from.y; y <= to.y + 4; y += 8) await touch('touchMove', y)
  await touch('touchMove', to.y + 4)
  await expect(said(page, 'Moving to 3 of 4.')).toBeAttached()
  await touch('touchEnd', to.y + 4)
  await cdp.detach()
}

const FILTERS = [
  ['All', '#/', REST],
  ['Open', '#/open', REST.slice(0, 3)],
  ['Finished', '#/finished', REST.slice(3)],
  // The resting list has no dates: these show none of it (dueFilters.spec.ts has dates).
  ['Today', '#/today', []],
  ['Upcoming', '#/upcoming', []],
] as const

const CONTROLS: Control[] = [
  // The signed-out page.
  {
    key: 'main › textbox "New task"',
    state: 'signed out',
    widths: BOTH,
    reach: ({ page }) => newTask(page),
    press: async (w, field) => {
      await typeInto(w, field, 'Typed while signed out')
      await w.page.keyboard.press('Enter')
    },
    changed: async ({ page, alerts }) => {
      await expect.poll(() => alerts).toEqual(['Please log in to add'])
      await expect(page.getByRole('list', { name: 'Tasks' })).toHaveCount(0)
    },
  },
  {
    key: 'main › button "Add Task"',
    state: 'signed out',
    widths: BOTH,
    reach: async ({ page }) => {
      await newTask(page).fill('Added while signed out')
      return addTask(page)
    },
    changed: async ({ page, alerts }) => {
      await expect.poll(() => alerts).toEqual(['Please log in to add'])
      await expect(page.getByRole('list', { name: 'Tasks' })).toHaveCount(0)
    },
  },
  {
    key: 'banner › button "Login now"',
    state: 'signed out',
    widths: BOTH,
    reach: ({ page }) => loginNow(page),
    press: (w, button) =>
      signInThroughEmulatorPopup(w.page, w.person, () => pressAs(w.page, w.way, button)),
    changed: async (w) => {
      await expect(w.page.getByText(`Welcome, ${w.person.displayName}`)).toBeVisible()
      await expect.poll(() => shownList(w.page)).toEqual(REST)
    },
  },

  // The signed-in page: the form, Find and the filters.
  {
    key: 'main › textbox "New task"',
    state: 'signed in',
    widths: BOTH,
    reach: ({ page }) => newTask(page),
    press: async (w, field) => {
      await typeInto(w, field, 'Typed and entered')
      await w.page.keyboard.press('Enter')
    },
    changed: (w) => listIs(w, ['Alpha', 'Bravo', 'Charlie', 'Typed and entered', 'Done ✓']),
  },
  {
    key: 'main › button "Add Task"',
    state: 'signed in',
    widths: BOTH,
    reach: async ({ page }) => {
      await newTask(page).fill('Added by the button')
      return addTask(page)
    },
    changed: (w) => listIs(w, ['Alpha', 'Bravo', 'Charlie', 'Added by the button', 'Done ✓']),
  },
  {
    key: 'main › search › searchbox "Find tasks"',
    state: 'signed in',
    widths: BOTH,
    reach: ({ page }) => findField(page),
    press: (w, field) => typeInto(w, field, 'bravo'),
    changed: async ({ page }) => {
      await expect.poll(() => shownList(page)).toEqual(['Bravo'])
      await expect(page.getByRole('search').getByRole('status')).toHaveText('1 of 4')
      await page.keyboard.press('Escape')
      await expect.poll(() => shownList(page)).toEqual(REST)
    },
  },
  ...FILTERS.map(([name, hash, list]): Control => ({
    key: `main › navigation "Filter" › link "${name} #"`,
    state: 'signed in',
    widths: BOTH,
    reach: async ({ page }) => {
      // From another filter, so that each one changes the list.
      await page.evaluate((other) => (location.hash = other), hash === '#/' ? '#/open' : '#/')
      await expect.poll(() => page.evaluate(() => location.hash)).not.toBe(hash)
      return page
        .getByRole('navigation', { name: 'Filter' })
        .getByRole('link', { name: new RegExp(`^${name} \\d+$`) })
    },
    changed: async ({ page }) => {
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(hash)
      await expect(page.locator('.filters [aria-current="page"]')).toContainText(name)
      await expect.poll(() => shownList(page)).toEqual(list)
    },
  })),
  // Lists: with only My tasks, New list ends the filters' line; making one is lists.spec.ts's
  // (a list changes the resting page: a switcher, its links and actions).
  {
    key: 'main › navigation "Filter" › button "New list"',
    state: 'signed in',
    widths: BOTH,
    reach: ({ page }) =>
      page.getByRole('navigation', { name: 'Filter' }).getByRole('button', { name: 'New list' }),
    changed: async ({ page }) => {
      const naming = dialog(page, 'New list')
      await expect(naming.getByRole('textbox', { name: 'New list name' })).toBeFocused()
      await closedWithEscape(page, naming)
    },
  },
  ...(['textbox "New list name"', 'button "Cancel"', 'button "Add list"'] as const).map(
    (control): Control => ({
      key: `main › navigation "Filter" › dialog "New list" › ${control}`,
      state: 'signed in',
      widths: BOTH,
      reach: async (w) => {
        await pressAs(
          w.page,
          w.way === 'keys' ? 'click' : w.way,
          w.page
            .getByRole('navigation', { name: 'Filter' })
            .getByRole('button', { name: 'New list' }),
        )
        const naming = dialog(w.page, 'New list')
        return control === 'textbox "New list name"'
          ? naming.getByRole('textbox', { name: 'New list name' })
          : naming.getByRole('button', {
              name: control === 'button "Cancel"' ? 'Cancel' : 'Add list',
            })
      },
      changed: async ({ page }) => {
        await expect(dialog(page, 'New list')).toBeHidden()
      },
      ...(control !== 'button "Cancel"' && {
        notPressed: 'typing a name and making a list are lists.spec.ts’s',
      }),
    }),
  ),
  {
    key: 'main › status › button "Show all"',
    state: 'signed in',
    widths: BOTH,
    reach: async ({ page }) => {
      await findField(page).fill('Alpha')
      await newTask(page).fill('Hidden by the search')
      await newTask(page).press('Enter')
      await expect(
        page.getByText('Added “Hidden by the search”: hidden by your search.'),
      ).toBeVisible()
      return page.getByRole('button', { name: 'Show all' })
    },
    changed: async ({ page }) => {
      await expect(findField(page)).toHaveValue('')
      await expect(row(page, 'Hidden by the search')).toBeVisible()
      await expect.poll(() => shownList(page)).toHaveLength(5)
    },
  },
  {
    key: 'main › button "Clear finished"',
    state: 'signed in',
    widths: BOTH,
    reach: ({ page }) => page.getByRole('button', { name: 'Clear finished' }),
    changed: async (w) => {
      await expect(undoBar(w.page)).toContainText('1 finished task deleted.')
      await listIs(w, REST.slice(0, 3))
    },
  },
  {
    key: 'main › status › button "Undo"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      await rowAction(w, 'Charlie', 'Delete')
      await expect(undoBar(w.page)).toContainText('Task deleted.')
      return undoBar(w.page).getByRole('button', { name: 'Undo' })
    },
    changed: (w) => listIs(w, REST),
  },

  // A row.
  {
    key: 'main › list "Tasks" › button "Mark as complete"',
    state: 'signed in',
    widths: BOTH,
    reach: ({ page }) => row(page, 'Alpha').getByRole('button', { name: 'Mark as complete' }),
    changed: (w) => listIs(w, ['Bravo', 'Charlie', 'Done ✓', 'Alpha ✓']),
  },
  {
    key: 'main › list "Tasks" › button "Mark as incomplete"',
    state: 'signed in',
    widths: BOTH,
    reach: ({ page }) => row(page, 'Done').getByRole('button', { name: 'Mark as incomplete' }),
    changed: (w) => listIs(w, ['Done', 'Alpha', 'Bravo', 'Charlie']),
  },
  {
    key: 'main › list "Tasks" › button "Edit"',
    state: 'signed in',
    widths: WIDE,
    reach: ({ page }) => row(page, 'Alpha').getByRole('button', { name: 'Edit' }),
    changed: async ({ page }) => {
      await expect(dialog(page, 'Edit Task').getByRole('textbox', { name: 'Task' })).toHaveValue(
        'Alpha',
      )
      await closedWithEscape(page, dialog(page, 'Edit Task'))
    },
  },
  {
    key: 'main › list "Tasks" › button "Delete"',
    state: 'signed in',
    widths: WIDE,
    reach: ({ page }) => row(page, 'Charlie').getByRole('button', { name: 'Delete' }),
    changed: async (w) => {
      await expect(undoBar(w.page)).toContainText('Task deleted.')
      await listIs(w, ['Alpha', 'Bravo', 'Done ✓'])
    },
  },
  {
    key: 'main › list "Tasks" › button "More actions"',
    state: 'signed in',
    widths: NARROW,
    reach: ({ page }) => more(page, 'Alpha'),
    changed: async ({ page }) => {
      await expect(more(page, 'Alpha')).toHaveAttribute('aria-expanded', 'true')
      await expect(rowMenu(page, 'Alpha').getByRole('menuitem').first()).toBeFocused()
      await closedWithEscape(page, rowMenu(page, 'Alpha'))
    },
  },
  {
    key: 'main › list "Tasks" › menu "More actions" › menuitem "Edit"',
    state: 'signed in',
    widths: NARROW,
    reach: (w) => menuItem(w, more(w.page, 'Alpha'), rowMenu(w.page, 'Alpha'), 'Edit'),
    changed: async ({ page }) => {
      await expect(dialog(page, 'Edit Task').getByRole('textbox', { name: 'Task' })).toHaveValue(
        'Alpha',
      )
      await closedWithEscape(page, dialog(page, 'Edit Task'))
    },
  },
  ...(
    [
      ['Move up', ['Bravo', 'Alpha', 'Charlie', 'Done ✓'], 'Moved to 1 of 4'],
      ['Move down', ['Alpha', 'Charlie', 'Bravo', 'Done ✓'], 'Moved to 3 of 4'],
    ] as const
  ).map(([name, list, words]): Control => ({
    key: `main › list "Tasks" › menu "More actions" › menuitem "${name}"`,
    state: 'signed in',
    widths: NARROW,
    reach: async (w) => {
      await hearMoves(w.page)
      return menuItem(w, more(w.page, 'Bravo'), rowMenu(w.page, 'Bravo'), name)
    },
    changed: async (w) => {
      await expect(movedSaid(w.page, words)).toBeAttached()
      await expect(more(w.page, 'Bravo')).toBeFocused()
      await listIs(w, [...list])
    },
  })),
  {
    key: 'main › list "Tasks" › menu "More actions" › menuitem "Delete"',
    state: 'signed in',
    widths: NARROW,
    reach: (w) => menuItem(w, more(w.page, 'Charlie'), rowMenu(w.page, 'Charlie'), 'Delete'),
    changed: async (w) => {
      await expect(undoBar(w.page)).toContainText('Task deleted.')
      await listIs(w, ['Alpha', 'Bravo', 'Done ✓'])
    },
  },
  {
    key: 'main › list "Tasks" › button "Reorder"',
    state: 'signed in',
    widths: BOTH,
    reach: ({ page }) => row(page, 'Alpha').getByRole('button', { name: 'Reorder' }),
    press: dragAlphaDown,
    changed: async (w) => {
      await expect(said(w.page, 'Moved to 3 of 4.')).toBeAttached()
      await listIs(w, ['Bravo', 'Charlie', 'Alpha', 'Done ✓'])
    },
  },

  // A change the server refused: on its row, or (a delete) on the line below the list.
  ...(
    [
      ['Retry', ['Bravo', 'Charlie', 'Done ✓', 'Alpha ✓']],
      ['Discard', REST],
    ] as const
  ).map(([name, list]): Control => ({
    key: `main › list "Tasks" › button "${name}"`,
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      const alpha = row(w.page, 'Alpha')
      const toggle = alpha.getByRole('button', { name: 'Mark as complete' })
      await refused(w, () => pressAs(w.page, w.way, toggle), alpha)
      if (name === 'Retry') await picture(w, 'refused-change')
      return alpha.getByRole('button', { name })
    },
    changed: async (w) => {
      await expect(row(w.page, 'Alpha')).not.toContainText('Not saved')
      await listIs(w, [...list])
    },
  })),
  ...(
    [
      ['Retry', ['Alpha', 'Bravo', 'Done ✓']],
      ['Discard', REST],
    ] as const
  ).map(([name, list]): Control => ({
    key: `main › status › button "${name}"`,
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      await refused(w, () => rowAction(w, 'Charlie', 'Delete'), deletesLine(w.page))
      await expect(deletesLine(w.page)).toContainText(
        'Not saved: deleting “Charlie”: the server refused it.',
      )
      if (name === 'Retry') await picture(w, 'refused-delete')
      return deletesLine(w.page).getByRole('button', { name })
    },
    changed: async (w) => {
      await expect(deletesLine(w.page)).toBeEmpty()
      await listIs(w, [...list])
    },
  })),

  // The date read in the New task input, refused.
  {
    key: 'main › status › button "Keep “tomorrow” as text"',
    state: 'signed in',
    widths: BOTH,
    reach: async ({ page }) => {
      await newTask(page).fill('Pay rent tomorrow')
      return page.getByRole('button', { name: 'Keep “tomorrow” as text' })
    },
    changed: async (w) => {
      await expect(w.page.locator('.due-hint')).toBeEmpty()
      await expect(newTask(w.page)).toBeFocused()
      await w.page.keyboard.press('Enter')
      await listIs(w, ['Alpha', 'Bravo', 'Charlie', 'Pay rent tomorrow', 'Done ✓'])
      expect((await storedTasksOf(w.request, w.person.email)).map(({ due }) => due)).toEqual([
        null,
        null,
        null,
        null,
        null,
      ])
    },
  },

  // The Edit dialog.
  {
    key: 'main › dialog "Edit Task" › textbox "Task"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => (await openEdit(w, 'Alpha')).getByRole('textbox', { name: 'Task' }),
    press: async (w, field) => {
      await typeInto(w, field, 'Alpha, typed')
      await w.page.keyboard.press('Enter')
    },
    changed: async (w) => {
      await expect(dialog(w.page, 'Edit Task')).toBeHidden()
      await listIs(w, ['Alpha, typed', 'Bravo', 'Charlie', 'Done ✓'])
    },
  },
  {
    key: 'main › dialog "Edit Task" › button "Close"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      const edit = await openEdit(w, 'Alpha')
      await edit.getByRole('textbox', { name: 'Task' }).fill('Not kept')
      return edit.getByRole('button', { name: 'Close' })
    },
    changed: async (w) => {
      await expect(dialog(w.page, 'Edit Task')).toBeHidden()
      await listIs(w, REST)
    },
  },
  {
    key: 'main › dialog "Edit Task" › button "Save changes"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      const edit = await openEdit(w, 'Alpha')
      await edit.getByRole('textbox', { name: 'Task' }).fill('Alpha, saved')
      return edit.getByRole('button', { name: 'Save changes' })
    },
    changed: async (w) => {
      await expect(dialog(w.page, 'Edit Task')).toBeHidden()
      await listIs(w, ['Alpha, saved', 'Bravo', 'Charlie', 'Done ✓'])
    },
  },

  {
    key: 'main › dialog "Edit Task" › textbox "Due date"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => (await openEdit(w, 'Alpha')).getByLabel('Due date'),
    press: async (w, field) => {
      await focusAs(w, field)
      await field.fill('2026-12-03')
      await w.page.keyboard.press('Enter')
    },
    changed: async (w) => {
      await expect(dialog(w.page, 'Edit Task')).toBeHidden()
      await expect(row(w.page, 'Alpha').locator('.task-due')).toBeVisible()
      await expect.poll(() => dueOfAlpha(w)).toBe('2026-12-03')
      await restore(w)
    },
  },
  {
    key: 'main › dialog "Edit Task" › textbox "Time"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      const edit = await openEdit(w, 'Alpha')
      await edit.getByLabel('Due date').fill('2026-12-03')
      return edit.getByLabel('Time')
    },
    press: async (w, field) => {
      await focusAs(w, field)
      await field.fill('17:30')
      await w.page.keyboard.press('Enter')
    },
    changed: async (w) => {
      await expect(dialog(w.page, 'Edit Task')).toBeHidden()
      const due = await w.page.evaluate(() => new Date(2026, 11, 3, 17, 30).toISOString())
      await expect.poll(() => dueOfAlpha(w)).toBe(due)
      await restore(w)
    },
  },
  {
    key: 'main › dialog "Edit Task" › button "Clear date"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      const [alpha] = restTasks(w.person.email)
      if (alpha) await seedTasks([{ ...alpha, due: '2026-12-03' }])
      await expect(row(w.page, 'Alpha').locator('.task-due')).toBeVisible()
      const edit = await openEdit(w, 'Alpha')
      await expect(edit.getByLabel('Due date')).toHaveValue('2026-12-03')
      return edit.getByRole('button', { name: 'Clear date' })
    },
    changed: async (w) => {
      const edit = dialog(w.page, 'Edit Task')
      await expect(edit.getByLabel('Due date')).toHaveValue('')
      await expect(edit.getByLabel('Due date')).toBeFocused()
      await pressAs(w.page, w.way, edit.getByRole('button', { name: 'Save changes' }))
      await expect(row(w.page, 'Alpha').locator('.task-due')).toHaveCount(0)
      await expect.poll(() => dueOfAlpha(w)).toBeNull()
    },
  },

  {
    key: 'main › dialog "Edit Task" › textbox "Repeat"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => (await openEdit(w, 'Alpha')).getByRole('textbox', { name: 'Repeat' }),
    press: async (w, field) => {
      await focusAs(w, field)
      await field.fill('every monday')
      await expect(dialog(w.page, 'Edit Task')).toContainText('Repeats every Monday.')
      await w.page.keyboard.press('Enter')
    },
    changed: async (w) => {
      await expect(dialog(w.page, 'Edit Task')).toBeHidden()
      await expect(row(w.page, 'Alpha').locator('.task-repeat')).toContainText('every Monday')
      await expect.poll(() => repeatOfAlpha(w)).toBe('FREQ=WEEKLY;BYDAY=MO')
      await restore(w)
    },
  },
  {
    key: 'main › dialog "Edit Task" › button "Stop repeating"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      const [alpha] = restTasks(w.person.email)
      if (alpha) await seedTasks([{ ...alpha, due: '2026-12-07', repeat: 'FREQ=WEEKLY;BYDAY=MO' }])
      await expect(row(w.page, 'Alpha').locator('.task-repeat')).toBeVisible()
      const edit = await openEdit(w, 'Alpha')
      await expect(edit.getByRole('textbox', { name: 'Repeat' })).toHaveValue('every Monday')
      return edit.getByRole('button', { name: 'Stop repeating' })
    },
    changed: async (w) => {
      const edit = dialog(w.page, 'Edit Task')
      await expect(edit.getByRole('textbox', { name: 'Repeat' })).toHaveValue('')
      await expect(edit.getByRole('textbox', { name: 'Repeat' })).toBeFocused()
      await pressAs(w.page, w.way, edit.getByRole('button', { name: 'Save changes' }))
      await expect(row(w.page, 'Alpha').locator('.task-repeat')).toHaveCount(0)
      await expect.poll(() => repeatOfAlpha(w)).toBeNull()
      await restore(w)
    },
  },

  // Settings, its menu and its dialogs.
  {
    key: 'banner › button "Settings"',
    state: 'signed in',
    widths: BOTH,
    reach: ({ page }) => settings(page),
    changed: async ({ page }) => {
      await expect(settings(page)).toHaveAttribute('aria-expanded', 'true')
      await expect(settingsMenu(page).getByRole('menuitem').first()).toBeFocused()
      await closedWithEscape(page, settingsMenu(page))
    },
  },
  {
    key: 'banner › menu "Settings" › menuitem "Export tasks"',
    state: 'signed in',
    widths: BOTH,
    reach: (w) => settingsItem(w, 'Export tasks'),
    changed: async ({ page }) => {
      await expect(dialog(page, 'Export tasks')).toContainText('4 tasks, 1 finished.')
      await closedWithEscape(page, dialog(page, 'Export tasks'))
    },
  },
  {
    key: 'banner › menu "Settings" › menuitem "Import tasks"',
    state: 'signed in',
    widths: BOTH,
    reach: (w) => settingsItem(w, 'Import tasks'),
    // The file chooser opens (Playwright answers it, with no file: nothing happens).
    press: async (w, item) => {
      const [chooser] = await Promise.all([
        w.page.waitForEvent('filechooser'),
        pressAs(w.page, w.way, item),
      ])
      expect(chooser.isMultiple()).toBe(false)
      await chooser.setFiles([])
    },
    changed: async (w) => {
      await expect(settingsMenu(w.page)).toBeHidden()
      await listIs(w, REST)
    },
  },
  {
    key: 'banner › menu "Settings" › menuitem "Delete account"',
    state: 'signed in',
    widths: BOTH,
    reach: (w) => settingsItem(w, 'Delete account'),
    changed: async ({ page }) => {
      await expect(dialog(page, 'Delete account')).toContainText('your 4 tasks, on every device')
      await closedWithEscape(page, dialog(page, 'Delete account'))
    },
  },
  {
    key: 'banner › dialog "Export tasks" › button "Close"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) =>
      (await openFromSettings(w, 'Export tasks')).getByRole('button', { name: 'Close' }),
    changed: async ({ page }) => {
      await expect(dialog(page, 'Export tasks')).toBeHidden()
      await expect(settings(page)).toBeFocused()
    },
  },
  ...(['CSV', 'JSON'] as const).map((format): Control => ({
    key: `banner › dialog "Export tasks" › button "Download ${format}"`,
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      w.downloads.length = 0
      const exporting = await openFromSettings(w, 'Export tasks')
      return exporting.getByRole('button', { name: `Download ${format}` })
    },
    changed: async (w) => {
      const extension = format.toLowerCase()
      await expect(dialog(w.page, 'Export tasks')).toContainText(
        new RegExp(`Downloaded todo-tasks-[\\d-]+\\.${extension}\\.`),
      )
      await expect.poll(() => w.downloads.length).toBe(1)
      const [download] = w.downloads
      const text = await readFile((await download?.path()) ?? '', 'utf8')
      for (const task of ['Alpha', 'Bravo', 'Charlie', 'Done']) expect(text).toContain(task)
      await closedWithEscape(w.page, dialog(w.page, 'Export tasks'))
    },
  })),
  {
    key: 'banner › dialog "Import tasks" › button "Cancel"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) =>
      (await importFixture(w, 'todo-tasks-2026-11-27.json')).getByRole('button', {
        name: 'Cancel',
      }),
    changed: async (w) => {
      await expect(dialog(w.page, 'Import tasks')).toBeHidden()
      await listIs(w, REST)
    },
  },
  {
    key: 'banner › dialog "Import tasks" › button "Add # tasks"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) =>
      (await importFixture(w, 'todo-tasks-2026-11-27.json')).getByRole('button', {
        name: 'Add 3 tasks',
      }),
    changed: async (w) => {
      await expect(accountLine(w.page)).toContainText('Imported 3 tasks.')
      const list = [...REST.slice(0, 3), 'Water the plants', 'Call the plumber', 'Done ✓']
      await listIs(w, [...list, 'Buy oat milk ✓'])
    },
  },
  {
    key: 'banner › dialog "Import tasks" › button "Close"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      const reading = await importFixture(w, 'broken.json')
      await expect(reading.getByRole('alert')).toContainText('is not valid JSON')
      return reading.getByRole('button', { name: 'Close' })
    },
    changed: async (w) => {
      await expect(dialog(w.page, 'Import tasks')).toBeHidden()
      await listIs(w, REST)
    },
  },
  {
    key: 'status › button "Undo"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      await imported(w)
      return accountLine(w.page).getByRole('button', { name: 'Undo' })
    },
    changed: async (w) => {
      await expect(accountLine(w.page)).toContainText('Import undone: 3 tasks removed.')
      await listIs(w, REST)
    },
  },
  {
    key: 'status › button "Dismiss"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      await imported(w)
      return accountLine(w.page).getByRole('button', { name: 'Dismiss' })
    },
    changed: async ({ page }) => {
      await expect(accountLine(page)).toBeEmpty()
    },
  },
  {
    key: 'banner › dialog "Delete account" › button "Cancel"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) =>
      (await openFromSettings(w, 'Delete account')).getByRole('button', { name: 'Cancel' }),
    changed: async (w) => {
      await expect(dialog(w.page, 'Delete account')).toBeHidden()
      await expect(settings(w.page)).toBeFocused()
      await listIs(w, REST)
    },
  },
  {
    key: 'banner › dialog "Delete account" › button "Export first"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) => {
      w.downloads.length = 0
      const deleting = await openFromSettings(w, 'Delete account')
      return deleting.getByRole('button', { name: 'Export first' })
    },
    changed: async (w) => {
      const deleting = dialog(w.page, 'Delete account')
      await expect(deleting).toContainText(/Downloaded todo-tasks-[\d-]+\.json\./)
      await expect.poll(() => w.downloads.length).toBe(1)
      await closedWithEscape(w.page, deleting)
    },
  },
  {
    key: 'banner › dialog "Delete account" › button "Delete account"',
    state: 'signed in',
    widths: BOTH,
    reach: async (w) =>
      (await openFromSettings(w, 'Delete account')).getByRole('button', { name: 'Delete account' }),
    changed: () => Promise.resolve(),
    notPressed: 'deleting an account is account.delete.spec.ts’s',
  },
  {
    key: 'banner › button "Log Out"',
    state: 'signed in',
    widths: BOTH,
    reach: ({ page }) => logOut(page),
    changed: async ({ page }) => {
      await expect(loginNow(page)).toBeVisible()
      await expect(page.getByText('Plese login to save tasks')).toBeVisible()
      await expect(page.getByRole('list', { name: 'Tasks' })).toHaveCount(0)
    },
  },

  // A list that has not arrived: Retry asks again.
  {
    key: 'main › button "Retry"',
    state: 'late',
    widths: BOTH,
    reach: ({ page }) => loadRetry(page),
    changed: async ({ page }) => {
      await expect(page.getByText('Loading your tasks…')).toBeVisible()
      await expect(loadRetry(page)).toBeHidden()
    },
  },
]

/** The ways a control is pressed on a device of `width`: the keyboard where it shows widest. */
const waysAt = (width: Width, control: Control): Way[] =>
  width === 1280 ? ['click', 'keys'] : control.widths.includes(1280) ? ['tap'] : ['tap', 'keys']

// One walk a width, each on a device and a person of its own: the two can run side by side.
for (const width of [360, 1280] as const) {
  test(`every control, pressed where it shows at ${String(width)} px by ${width === 360 ? 'tap' : 'mouse'} and keyboard, changes something`, async ({
    browser,
  }) => {
    // Each about a minute on an idle machine; the two were 7 minutes beside two busy loops and
    // a load average of 20.
    test.setTimeout(900_000)
    const started = Date.now()
    const person: Person = newPerson('Walker')
    await seedTasks(restTasks(person.email))
    const seen = new Map<string, Set<Width>>()
    const pressed: string[] = []

    const context = await newDevice(browser, {
      viewport: width === 360 ? { width, height: 740 } : { width, height: 800 },
      ...(width === 360 ? { hasTouch: true, isMobile: true } : {}),
    })
    await context.clock.install()
    const page = await context.newPage()
    const w: Walk = {
      page,
      width,
      way: width === 360 ? 'tap' : 'click',
      person,
      request: page.request,
      alerts: [],
      downloads: [],
    }
    page.on('dialog', (shown) => {
      w.alerts.push(shown.message())
      void shown.dismiss()
    })
    page.on('download', (download) => w.downloads.push(download))
    await page.goto('./')
    await expect(loginNow(page)).toBeVisible()

    /** Every control shown must be in the table, at this width. */
    const known = async (where: string) => {
      const unknown: string[] = []
      for (const key of await controlsShown(page)) {
        if (!CONTROLS.some((c) => c.key === key && c.widths.includes(width))) unknown.push(key)
        seen.set(key, (seen.get(key) ?? new Set()).add(width))
      }
      expect(unknown, `controls the walk does not know, at ${String(width)} px, ${where}`).toEqual(
        [],
      )
    }

    let late = false
    const signInAgain = async () => {
      await signInThroughEmulatorPopup(page, person, () => pressAs(page, w.way, loginNow(page)))
      await expect(page.getByText(`Welcome, ${person.displayName}`)).toBeVisible()
    }
    /** The device brought to `state`, at rest: nothing open, every filter off, the list REST. */
    const bring = async (state: State) => {
      const signedIn = await logOut(page).isVisible()
      if (state === 'signed out') {
        if (signedIn) await pressAs(page, w.way, logOut(page))
        await expect(loginNow(page)).toBeVisible()
        await newTask(page).fill('')
        w.alerts.length = 0
        return
      }
      if (state === 'late') {
        if (!late) {
          if (signedIn) await pressAs(page, w.way, logOut(page))
          // Its first answer never comes: past the SDK's wait and the page's, Retry shows.
          await context.route(LISTEN_CHANNEL, () => undefined)
          await signInAgain()
          late = true
        }
        await expect(async () => {
          if (!(await loadRetry(page).isVisible())) await page.clock.fastForward('00:05')
          await expect(loadRetry(page)).toBeVisible({ timeout: 1000 })
        }).toPass({ timeout: 60_000 })
        return
      }
      if (!signedIn) await signInAgain()
      for (const open of [page.locator('dialog[open]'), page.getByRole('menu')]) {
        if (await open.first().isVisible()) await closedWithEscape(page, open.first())
      }
      if (!['', '#/'].includes(await page.evaluate(() => location.hash))) {
        await page.evaluate(() => (location.hash = '#/'))
      }
      await newTask(page).fill('')
      if ((await findField(page).count()) > 0) await findField(page).fill('')
      if (JSON.stringify(await stored(w)) !== JSON.stringify(REST)) await restore(w)
      await expect.poll(() => shownList(page)).toEqual(REST)
    }

    for (const control of CONTROLS.filter((c) => c.widths.includes(width))) {
      for (const way of waysAt(width, control)) {
        await test.step(`${control.key}, ${way} at ${String(width)} px`, async () => {
          w.way = width === 360 ? 'tap' : 'click'
          await bring(control.state)
          w.way = way
          const target = await control.reach(w)
          await expect(target).toBeVisible()
          await known(`reaching ${control.key}`)
          if (control.notPressed) {
            await closedWithEscape(page, page.locator('dialog[open]'))
            return
          }
          await (control.press ?? ((walk, it) => pressAs(walk.page, walk.way, it)))(w, target)
          await control.changed(w)
          await known(`after pressing ${control.key}`)
          pressed.push(`${control.key} ${way}`)
        })
      }
    }
    await context.close()

    // The table is what the app draws: each control in it was seen at each width it names.
    const unseen = CONTROLS.filter((c) => c.widths.includes(width))
      .filter((c) => !seen.get(c.key)?.has(width))
      .map((c) => `${c.key} at ${String(width)}`)
    expect(unseen).toEqual([])
    const seconds = ((Date.now() - started) / 1000).toFixed(0)
    console.log(
      `The walk at ${String(width)} px: ${String(new Set(CONTROLS.map((c) => c.key)).size)} controls known, ${String(pressed.length)} presses, ${seconds} s`,
    )
  })
}

/** The resting list back on the server (the walk's own tasks gone): the pages follow live. */
async function restore(w: Walk) {
  const rest = restTasks(w.person.email)
  await removeTasksBut(
    w.request,
    w.person.email,
    rest.map(({ id }) => id),
  )
  await seedTasks(rest)
}
