import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../../src/app/App'
import { connectivityLost } from '../../../src/app/hooks'
import { renderSignedIn } from '../../support/render'
import { storedTask } from '../../support/store'
import { chooseInSettings, findMenu, recordDownloads } from './support'

afterEach(() => {
  vi.restoreAllMocks()
})

const settings = () => screen.getByRole('button', { name: 'Settings' })

describe('Settings', () => {
  it('opens a menu that answers the keys of the ARIA menu pattern', async () => {
    const { user } = await renderSignedIn(<App />)
    settings().focus()
    await user.keyboard('{ArrowDown}')
    const menu = await findMenu()
    const item = (name: string) => within(menu).getByRole('menuitem', { name })
    expect(settings()).toHaveAttribute('aria-expanded', 'true')
    expect(item('Export tasks')).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(item('Import tasks')).toHaveFocus()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(item('Export tasks')).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(item('Delete account')).toHaveFocus()
    await user.keyboard('{Home}')
    expect(item('Export tasks')).toHaveFocus()
    await user.keyboard('{End}')
    expect(item('Delete account')).toHaveFocus()
    await user.keyboard('i')
    expect(item('Import tasks')).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(settings()).toHaveFocus()
    expect(settings()).toHaveAttribute('aria-expanded', 'false')

    await user.keyboard('{ArrowUp}')
    expect(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Delete account' }),
    ).toHaveFocus()
    await user.tab()
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log Out' })).toHaveFocus()

    await user.click(settings())
    expect(await screen.findByRole('menuitem', { name: 'Export tasks' })).toHaveFocus()
    await user.click(screen.getByRole('heading', { name: 'To-do' }))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })
})

describe('Export tasks', () => {
  const list = [
    storedTask('a', false, 0, 'Water the plants'),
    storedTask('b', false, 1, 'Call the plumber'),
    storedTask('c', true, 2 ** 40, 'Buy oat milk'),
  ]

  it('downloads every task as JSON, and as CSV', async () => {
    const downloads = recordDownloads()
    const { user } = await renderSignedIn(<App />, list)
    await chooseInSettings(user, 'Export tasks')
    const dialog = screen.getByRole('dialog', { name: 'Export tasks' })
    expect(dialog).toHaveTextContent('3 tasks, 1 finished.')
    expect(dialog).not.toHaveTextContent('Offline')
    await user.click(within(dialog).getByRole('button', { name: 'Download JSON' }))
    await user.click(within(dialog).getByRole('button', { name: 'Download CSV' }))
    const day = new Date().toLocaleDateString('sv')
    expect(downloads.map(({ name, type }) => [name, type])).toEqual([
      [`todo-tasks-${day}.json`, 'application/json'],
      [`todo-tasks-${day}.csv`, 'text/csv'],
    ])
    const [json, csv] = await Promise.all(downloads.map(({ text }) => text))
    expect(JSON.parse(json ?? '')).toMatchObject({
      format: 'todo-tasks',
      version: 1,
      tasks: [
        { id: 'a', text: 'Water the plants', finished: false, place: 1 },
        { id: 'b', text: 'Call the plumber', finished: false, place: 2 },
        { id: 'c', text: 'Buy oat milk', finished: true, place: 3 },
      ],
    })
    expect(csv?.split('\r\n')[3]).toBe('c,Buy oat milk,true,3')
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      `Downloaded todo-tasks-${day}.csv.`,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(settings()).toHaveFocus()
  })

  it('offline, exports what the device keeps and says it may be behind', async () => {
    const downloads = recordDownloads()
    const { user, store } = await renderSignedIn(<App />, list)
    store.dispatch(connectivityLost())
    await chooseInSettings(user, 'Export tasks')
    const dialog = screen.getByRole('dialog', { name: 'Export tasks' })
    expect(dialog).toHaveTextContent(
      'Offline: these are the tasks kept on this device. Changes made on other devices since it was last online are not in them.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Download JSON' }))
    expect(downloads).toHaveLength(1)
  })
})
