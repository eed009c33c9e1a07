import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TasksPage } from '../../src/app/App'
import { selectTaskIds } from '../../src/features/tasks/model/tasksSlice'
import type { Task } from '../../src/services/types'
import { renderSignedIn, renderWithProviders } from '../support/render'
import { row } from '../support/rows'
import { storedTask } from '../support/store'

/** The page with Ada signed in and her `tasks` loaded, or with nobody signed in. */
const renderPage = (tasks: Task[] = [], { signedIn = true } = {}) =>
  signedIn
    ? renderSignedIn(<TasksPage />, tasks)
    : Promise.resolve(renderWithProviders(<TasksPage />))

const input = () => screen.getByRole('textbox', { name: 'New task' })

describe('the task list page', () => {
  it('has a form with one text input and an Add Task button', async () => {
    await renderPage()
    expect(input()).toHaveAttribute('placeholder', 'Write your task here')
    expect(input()).toHaveAttribute('autocomplete', 'off')
    expect(input()).toHaveAttribute('maxlength', '1000')
    expect(input()).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Add Task' })).toBeInTheDocument()
  })

  it('shows "No tasks have been added yet" when the list is empty', async () => {
    await renderPage()
    expect(screen.getByText('No tasks have been added yet')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Tasks' })).not.toBeInTheDocument()
  })

  it('without a signed-in user shows the alert "Please log in to add" and adds nothing', async () => {
    const { user, alert, store, repository } = await renderPage([], { signedIn: false })
    await user.type(input(), 'Buy milk{Enter}')
    expect(alert).toHaveBeenCalledExactlyOnceWith('Please log in to add')
    expect(selectTaskIds(store.getState())).toEqual([])
    expect(repository.writes).toEqual([])
    expect(input()).toHaveValue('Buy milk')
  })
})

describe('a task row', () => {
  it('has Edit, Delete and a toggle titled "Mark as complete" while open', async () => {
    await renderPage([storedTask('a', false, 0)])
    const item = row('Task a')
    expect(within(item).getByRole('button', { name: 'Edit' })).toBeInTheDocument()
    expect(within(item).getByRole('button', { name: 'Delete' })).toBeInTheDocument()
    const toggle = within(item).getByRole('button', { name: 'Mark as complete' })
    expect(toggle).toHaveAttribute('title', 'Mark as complete')
    expect(item).not.toHaveClass('finished')
  })
})
