import { act, screen, waitFor, within } from '@testing-library/react'
import { createRef } from 'react'
import { flushSync } from 'react-dom'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useAppSelector } from '../../../../../src/app/hooks'
import { TaskRows } from '../../../../../src/features/tasks/ui/list/TaskRows'
import type { FocusedRow } from '../../../../../src/features/tasks/ui/list/useFocusedRow'
import { FINISHED_ORDER_BASE } from '../../../../../src/features/tasks/model/ordering'
import { selectTaskIds } from '../../../../../src/features/tasks/model/tasksSlice'
import { TaskList } from '../../../../../src/features/tasks/ui/TaskList'
import { TasksPage } from '../../../../../src/app/App'
import { installPopover } from '../../../../support/popover'
import { renderSignedIn } from '../../../../support/render'
import { row, rowTexts } from '../../../../support/rows'
import { storedTask } from '../../../../support/store'

// Moves in lists of up to a thousand rows in jsdom: up to 6 s a test beside two busy loops.
vi.setConfig({ testTimeout: 20_000 })

// Moving a task one place: Alt+ArrowUp / Alt+ArrowDown from any of its row's buttons, and the
// row menu's Move up and Move down. Each moves it past the shown neighbour, within its region,
// writes that task alone, keeps focus on the same control and says where it went.

let removePopover: () => void
beforeAll(() => {
  removePopover = installPopover()
})
afterAll(() => {
  removePopover()
})

const open = ['Buy milk', 'Call mum', 'Pay rent'].map((text, i) =>
  storedTask(`o${String(i)}`, false, i, text),
)
const finished = ['Book flights', 'Water plants'].map((text, i) =>
  storedTask(`f${String(i)}`, true, FINISHED_ORDER_BASE + i, text),
)

const renderPage = () => renderSignedIn(<TasksPage />, [...open, ...finished])
const button = (text: string, name: string) => within(row(text)).getByRole('button', { name })
/** The list's own status line (the page has another, for adds and edits). */
const moveStatus = () =>
  screen.getAllByRole('status').find((status) => status.previousElementSibling?.matches('ul'))

describe('Alt+ArrowUp and Alt+ArrowDown', () => {
  it('keep focus on the toggle, the Reorder handle and Delete alike', async () => {
    const { user } = await renderPage()
    for (const name of ['Mark as complete', 'Reorder', 'Delete']) {
      act(() => {
        button('Call mum', name).focus()
      })
      await user.keyboard('{Alt>}{ArrowUp}{/Alt}')
      expect(button('Call mum', name)).toHaveFocus()
      await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
      expect(button('Call mum', name)).toHaveFocus()
    }
    expect(rowTexts().slice(0, 3)).toEqual(['Buy milk', 'Call mum', 'Pay rent'])
  })

  it('stop at the region’s edge: an open task never goes among the finished, nor past the top', async () => {
    const { user, repository } = await renderPage()
    const writesBefore = repository.writes.length
    act(() => {
      button('Pay rent', 'Mark as complete').focus()
    })
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    expect(moveStatus()).toHaveTextContent('Not moved: already last.')
    act(() => {
      button('Book flights', 'Mark as incomplete').focus()
    })
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}')
    expect(moveStatus()).toHaveTextContent('Not moved: already first.')
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    expect(rowTexts().slice(3)).toEqual(['Water plants', 'Book flights'])
    expect(repository.writes.slice(writesBefore)).toHaveLength(1)
  })

  it('move past the neighbour shown: rows a search hides are skipped', async () => {
    const focus = createRef<FocusedRow | null>()
    // As Find passes them: only the rows whose text matches.
    function Shown() {
      const ids = useAppSelector(selectTaskIds)
      return <TaskRows ids={ids.filter((id) => id !== 'o1')} focus={focus} />
    }
    const { user } = await renderSignedIn(<Shown />, [...open, ...finished])
    act(() => {
      button('Buy milk', 'Edit').focus()
    })
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    expect(rowTexts().slice(0, 2)).toEqual(['Pay rent', 'Buy milk'])
    expect(moveStatus()).toHaveTextContent('Moved to 2 of 4')
  })
})

describe('in a windowed list', () => {
  it('moves a task of a thousand one place, focus and its place said with it', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => storedTask(`t${String(i)}`, false, i))
    const { user } = await renderSignedIn(<TaskList />, many)
    act(() => {
      button('Task t0', 'Mark as complete').focus()
    })
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    expect(rowTexts().slice(0, 2)).toEqual(['Task t1', 'Task t0'])
    expect(button('Task t0', 'Mark as complete')).toHaveFocus()
    expect(row('Task t0')).toHaveAttribute('aria-posinset', '2')
    expect(moveStatus()).toHaveTextContent('Moved to 2 of 1000')
  })
})

describe('the row menu’s Move up and Move down', () => {
  it('are offered only where the task can go within its region', async () => {
    const { user } = await renderPage()
    const menuItems = async (text: string) => {
      await user.click(button(text, 'More actions'))
      return within(within(row(text)).getByRole('menu', { name: 'More actions' }))
        .getAllByRole('menuitem')
        .map((item) => item.textContent)
    }
    expect(await menuItems('Buy milk')).toEqual(['Edit', 'Move down', 'Delete'])
    await user.keyboard('{Escape}')
    expect(await menuItems('Call mum')).toEqual(['Edit', 'Move up', 'Move down', 'Delete'])
    await user.keyboard('{Escape}')
    expect(await menuItems('Pay rent')).toEqual(['Edit', 'Move up', 'Delete'])
    await user.keyboard('{Escape}')
    expect(await menuItems('Book flights')).toEqual(['Edit', 'Move down', 'Delete'])
  })

  it('move the task when React draws between the click’s listeners, as after a real click', async () => {
    const { user } = await renderPage()
    await user.click(button('Call mum', 'More actions'))
    const menu = within(row('Call mum')).getByRole('menu', { name: 'More actions' })
    const item = within(menu).getByRole('menuitem', { name: 'Move down' })
    // A browser runs microtasks after each listener of a click a person made, and React draws
    // what is pending then; jsdom does not, so the item draws it at its own turn.
    item.addEventListener('click', () => {
      flushSync(() => undefined)
    })
    await user.click(item)
    expect(rowTexts().slice(0, 3)).toEqual(['Buy milk', 'Pay rent', 'Call mum'])
    expect(moveStatus()).toHaveTextContent('Moved to 3 of 5')
    await waitFor(() => {
      expect(button('Call mum', 'More actions')).toHaveFocus()
    })
  })
})

describe('the Reorder handle', () => {
  it('is a button named Reorder, last in each row, described by the task and its keys', async () => {
    await renderPage()
    const handle = button('Buy milk', 'Reorder')
    expect(handle).toHaveAccessibleDescription(/^Buy milk/)
    expect(handle).toHaveAttribute('aria-keyshortcuts', 'Alt+ArrowUp Alt+ArrowDown')
    const buttons = within(row('Buy milk')).getAllByRole('button')
    expect(buttons.at(-1)).toBe(handle)
  })
})
