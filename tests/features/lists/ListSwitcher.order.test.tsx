import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { TasksPage } from '../../../src/app/App'
import { storedTask } from '../../support/store'
import { listEntry, renderWithLists } from './support'

// The whole page in jsdom: up to 6 s a test beside two busy loops.
vi.setConfig({ testTimeout: 20_000 })

// A list moved in the switcher's line by Alt+Arrow: focus stays on its link, the new place is
// said politely, and its rank alone is written. My tasks stays first and is not moved.

const lists = [
  listEntry('3', 'Work', 'a0'),
  listEntry('7', 'Home', 'a1'),
  listEntry('1', 'Groceries', 'a2'),
]
const renderPage = async () => {
  const rendered = await renderWithLists(
    <TasksPage />,
    [storedTask('a', false, 0, 'Write the report')],
    lists,
  )
  // The switcher's line is a chunk of its own, drawn once it has come.
  await screen.findByRole('navigation', { name: 'Lists' })
  return rendered
}
const nav = () => within(screen.getByRole('navigation', { name: 'Lists' }))
const link = (name: string) => nav().getByRole('link', { name: new RegExp(`^${name}`) })
const linkNames = () =>
  nav()
    .getAllByRole('link')
    .map((item) => item.querySelector('.list-name')?.textContent)
const said = (words: string) =>
  screen.getAllByRole('status').filter((status) => status.textContent === words)

beforeEach(() => {
  history.replaceState(null, '', '/todo/')
})

describe('Alt+ArrowLeft and Alt+ArrowRight on a list’s link', () => {
  it('move it one place, keep focus on it, say where it went, and write its rank alone', async () => {
    const { user, repository } = await renderPage()
    expect(linkNames()).toEqual(['My tasks', 'Work', 'Home', 'Groceries'])
    act(() => {
      link('Groceries').focus()
    })
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}')
    expect(linkNames()).toEqual(['My tasks', 'Work', 'Groceries', 'Home'])
    expect(link('Groceries')).toHaveFocus()
    expect(said('Moved to 3 of 4.')).toHaveLength(1)
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}')
    expect(linkNames()).toEqual(['My tasks', 'Groceries', 'Work', 'Home'])
    expect(link('Groceries')).toHaveFocus()
    expect(said('Moved to 2 of 4.')).toHaveLength(1)
    await waitFor(() => {
      expect(repository.lists.writes.map(({ kind, id, fields }) => [kind, id, fields])).toEqual([
        ['change', '1', { rank: expect.any(String) as string }],
        ['change', '1', { rank: expect.any(String) as string }],
      ])
    })
    // Before Work's key: written as the page shows it.
    const rank = repository.lists.serverLists().find(({ id }) => id === '1')?.rank ?? ''
    expect(rank > '' && rank < 'a0').toBe(true)
  })

  it('stop at either end and say so; Alt+ArrowUp and Alt+ArrowDown do the same', async () => {
    const { user, repository } = await renderPage()
    act(() => {
      link('Work').focus()
    })
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}')
    expect(said('Not moved: My tasks stays first.')).toHaveLength(1)
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}')
    expect(linkNames()).toEqual(['My tasks', 'Home', 'Groceries', 'Work'])
    expect(said('Moved to 4 of 4.')).toHaveLength(1)
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}')
    expect(said('Not moved: already last.')).toHaveLength(1)
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}')
    expect(linkNames()).toEqual(['My tasks', 'Home', 'Work', 'Groceries'])
    expect(link('Work')).toHaveFocus()
    await waitFor(() => {
      expect(repository.lists.writes).toHaveLength(3)
    })
  })

  it('leave My tasks first, and Alt+ArrowLeft there to the browser (Back)', async () => {
    const { user, repository } = await renderPage()
    act(() => {
      link('My tasks').focus()
    })
    const keys = new KeyboardEvent('keydown', { key: 'ArrowRight', altKey: true, bubbles: true })
    link('My tasks').dispatchEvent(keys)
    expect(keys.defaultPrevented).toBe(false)
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}')
    expect(linkNames()).toEqual(['My tasks', 'Work', 'Home', 'Groceries'])
    expect(repository.lists.writes).toEqual([])
  })
})
