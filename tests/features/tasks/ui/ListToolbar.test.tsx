import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { FINISHED_ORDER_BASE } from '../../../../src/features/tasks/model/ordering'
import { TasksPage } from '../../../../src/app/App'
import { renderSignedIn } from '../../../support/render'
import { rowTexts, row } from '../../../support/rows'
import { EMAIL, storedTask } from '../../../support/store'

// The whole page in jsdom: up to 3.5 s a test beside two busy loops.
vi.setConfig({ testTimeout: 15_000 })

// Above the list: the open count and Clear finished (with its Undo); and the page's other
// shortcuts and announcements around the list.

const tasks = () => [
  storedTask('a', false, 0, 'Alpha'),
  storedTask('b', true, FINISHED_ORDER_BASE, 'Bravo'),
  storedTask('c', true, FINISHED_ORDER_BASE + 1, 'Charlie'),
]
const renderPage = () => renderSignedIn(<TasksPage />, tasks())
const input = () => screen.getByRole('textbox', { name: 'New task' })
const clearFinished = () => screen.getByRole('button', { name: 'Clear finished' })

describe('the open count', () => {
  it('says how many tasks are open, and follows each change', async () => {
    const { user } = await renderPage()
    expect(screen.getByText('1 open')).toHaveAttribute('role', 'status')
    await user.click(within(row('Bravo')).getByRole('button', { name: 'Mark as incomplete' }))
    expect(screen.getByText('2 open')).toBeInTheDocument()
  })
})

describe('Clear finished', () => {
  it('deletes every finished task at once, and one Undo brings them all back', async () => {
    const { user, repository } = await renderPage()
    const before = repository.serverTasks(EMAIL)
    await user.click(clearFinished())
    expect(rowTexts()).toEqual(['Alpha'])
    expect(screen.queryByRole('button', { name: 'Clear finished' })).not.toBeInTheDocument()
    expect(input()).toHaveFocus()
    expect(screen.getByText(/2 finished tasks deleted\./)).toBeInTheDocument()
    expect(repository.serverTasks(EMAIL).map((task) => task.id)).toEqual(['a'])

    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(rowTexts()).toEqual(['Alpha', 'Bravo', 'Charlie'])
    expect(repository.serverTasks(EMAIL)).toEqual(before)
  })

  it('is offered only while some task is finished', async () => {
    const { user } = await renderPage()
    await user.click(within(row('Bravo')).getByRole('button', { name: 'Mark as incomplete' }))
    expect(clearFinished()).toBeInTheDocument()
    await user.click(within(row('Charlie')).getByRole('button', { name: 'Mark as incomplete' }))
    expect(screen.queryByRole('button', { name: 'Clear finished' })).not.toBeInTheDocument()
  })
})

describe('around the list', () => {
  it('/ or N from elsewhere on the page starts a new task; typed in a field, they are text', async () => {
    const { user } = await renderPage()
    within(row('Alpha')).getByRole('button', { name: 'Edit' }).focus()
    await user.keyboard('/')
    expect(input()).toHaveFocus()
    expect(input()).toHaveValue('')
    await user.keyboard('n/N')
    expect(input()).toHaveValue('n/N')
    clearFinished().focus()
    await user.keyboard('N')
    expect(input()).toHaveFocus()
  })

  it('says "Saved" politely once an edit is saved', async () => {
    const { user } = await renderPage()
    await user.click(within(row('Alpha')).getByRole('button', { name: 'Edit' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Task' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Task' }), ' and omega')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(screen.getByText('Saved').closest('[role="status"]')).not.toBeNull()
  })
})
