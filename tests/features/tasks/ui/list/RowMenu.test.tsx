import { screen, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { TasksPage } from '../../../../../src/app/App'
import { installPopover } from '../../../../support/popover'
import { renderSignedIn } from '../../../../support/render'
import { row, rowTexts } from '../../../../support/rows'
import { storedTask } from '../../../../support/store'

// A list with its row menus in jsdom: up to 5 s a test beside two busy loops.
vi.setConfig({ testTimeout: 15_000 })

// A row's "More actions" menu (shown instead of Edit and Delete on a narrow screen), driven as
// the ARIA menu button pattern says. jsdom draws every row's menu button, whatever the width.

let removePopover: () => void
beforeAll(() => {
  removePopover = installPopover()
})
afterAll(() => {
  removePopover()
})

async function renderRows() {
  const rendered = await renderSignedIn(<TasksPage />, [
    storedTask('a', false, 0, 'Buy milk'),
    storedTask('b', false, 1, 'Call mum'),
  ])
  const more = within(row('Buy milk')).getByRole('button', { name: 'More actions' })
  return { ...rendered, more }
}

const menu = () => within(row('Buy milk')).getByRole('menu', { name: 'More actions' })
const item = (name: 'Edit' | 'Delete' | 'Move down') =>
  within(menu()).getByRole('menuitem', { name })

describe('a row’s More actions menu', () => {
  it('is a menu button, expanded while its menu is open, whose items keep the names Edit and Delete', async () => {
    const { user, more } = await renderRows()
    expect(more).toHaveAttribute('aria-haspopup', 'menu')
    expect(more).toHaveAttribute('aria-expanded', 'false')
    expect(within(row('Buy milk')).queryAllByRole('menuitem')).toEqual([])
    await user.click(more)
    expect(more).toHaveAttribute('aria-expanded', 'true')
    expect(
      within(menu())
        .getAllByRole('menuitem')
        .map((element) => element.textContent),
    ).toEqual(['Edit', 'Move down', 'Delete'])
    expect(item('Edit')).toHaveAccessibleDescription('Buy milk')
    expect(item('Edit')).toHaveFocus()
  })

  it.each([['{Enter}'], [' '], ['{ArrowDown}']])('opens with %s on its first item', async (key) => {
    const { user, more } = await renderRows()
    more.focus()
    await user.keyboard(key)
    expect(item('Edit')).toHaveFocus()
  })

  it('opens with ArrowUp on its last item', async () => {
    const { user, more } = await renderRows()
    more.focus()
    await user.keyboard('{ArrowUp}')
    expect(item('Delete')).toHaveFocus()
  })

  it('moves with ArrowDown and ArrowUp, wrapping, and goes to either end with Home and End', async () => {
    const { user, more } = await renderRows()
    more.focus()
    await user.keyboard('{ArrowDown}')
    await user.keyboard('{ArrowDown}')
    expect(item('Move down')).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(item('Delete')).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(item('Edit')).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(item('Delete')).toHaveFocus()
    await user.keyboard('{Home}')
    expect(item('Edit')).toHaveFocus()
    await user.keyboard('{End}')
    expect(item('Delete')).toHaveFocus()
    await user.keyboard('e')
    expect(item('Edit')).toHaveFocus()
    await user.keyboard('m')
    expect(item('Move down')).toHaveFocus()
  })

  it('closes with Escape, back on More actions', async () => {
    const { user, more } = await renderRows()
    more.focus()
    await user.keyboard('{Enter}')
    await user.keyboard('{ArrowDown}{Escape}')
    expect(more).toHaveFocus()
    expect(more).toHaveAttribute('aria-expanded', 'false')
    expect(within(row('Buy milk')).queryAllByRole('menuitem')).toEqual([])
  })

  it('closes with Tab, which moves on from More actions to the row’s Reorder handle', async () => {
    const { user, more } = await renderRows()
    more.focus()
    await user.keyboard('{Enter}')
    await user.tab()
    expect(more).toHaveAttribute('aria-expanded', 'false')
    expect(within(row('Buy milk')).getByRole('button', { name: 'Reorder' })).toHaveFocus()
  })

  it('acts from the keyboard: Enter on Delete deletes the task', async () => {
    const { user, more } = await renderRows()
    more.focus()
    await user.keyboard('{ArrowUp}')
    await user.keyboard('{Enter}')
    expect(rowTexts()).toEqual(['Call mum'])
    expect(screen.queryByRole('menuitem')).toBeNull()
    expect(within(row('Call mum')).getByRole('button', { name: 'Mark as complete' })).toHaveFocus()
  })
})
