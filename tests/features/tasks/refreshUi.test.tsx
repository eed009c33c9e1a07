import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FINISHED_ORDER_BASE } from '../../../src/features/tasks/ordering'
import { TasksPage } from '../../../src/features/tasks/TasksPage'
import { tasksRefreshed } from '../../../src/features/tasks/tasksSlice'
import type { LoadedTask } from '../../../src/services/types'
import { renderWithProviders } from '../../support/render'
import { EMAIL, loadedTask } from '../../support/store'
import { rowTexts, row } from '../../support/rows'

// A refresh (the server's list again, while one is shown) never disturbs the person.

function renderPage(tasks: LoadedTask[]) {
  const rendered = renderWithProviders(<TasksPage />, { tasks, signedInAs: EMAIL })
  const refresh = (fresh: LoadedTask[]) => {
    act(() => {
      rendered.store.dispatch(tasksRefreshed({ email: EMAIL, tasks: fresh }))
    })
  }
  return { ...rendered, refresh }
}

const dialog = () => screen.getByRole('dialog', { name: 'Edit Task' })

const alpha = loadedTask('a', false, 0, 'Alpha')
const bravo = loadedTask('b', false, 1, 'Bravo')
const charlie = loadedTask('c', false, 2, 'Charlie')

describe('a refresh while the Edit Task dialog is open', () => {
  it('keeps the dialog and its draft, though the row moved and its text changed elsewhere', async () => {
    const { user, refresh, recorder } = renderPage([alpha, bravo, charlie])
    await user.click(within(row('Alpha')).getByRole('button', { name: 'Edit' }))
    const field = within(dialog()).getByRole('textbox', { name: 'Task' })
    await user.type(field, ' and more')

    refresh([
      { ...alpha, task: 'Alpha (laptop)', isFinished: true, order: FINISHED_ORDER_BASE },
      bravo,
      charlie,
    ])
    expect(rowTexts()).toEqual(['Bravo', 'Charlie', 'Alpha (laptop)'])
    expect(field).toHaveValue('Alpha and more')
    expect(field).toHaveFocus()

    await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }))
    expect(rowTexts()).toEqual(['Bravo', 'Charlie', 'Alpha and more'])
    expect(within(row('Alpha and more')).getByRole('button', { name: 'Edit' })).toHaveFocus()
    expect(recorder.writes()).toMatchObject([
      { kind: 'update', id: 'a', changes: { task: 'Alpha and more' } },
    ])
  })

  it('says when the task was deleted on another device, and offers Close only', async () => {
    const { user, refresh, recorder } = renderPage([alpha, bravo])
    await user.click(within(row('Alpha')).getByRole('button', { name: 'Edit' }))
    await user.type(within(dialog()).getByRole('textbox', { name: 'Task' }), '!')

    refresh([bravo])
    expect(within(dialog()).getByText('This task was deleted on another device.')).toBeVisible()
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument()
    expect(
      within(dialog())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close'])
    const close = within(dialog()).getByRole('button', { name: 'Close' })
    expect(close).toHaveFocus()
    expect(close).toHaveAccessibleDescription('This task was deleted on another device.')

    await user.click(close)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(rowTexts()).toEqual(['Bravo'])
    expect(screen.getByRole('textbox', { name: 'New task' })).toHaveFocus()
    expect(recorder.writes()).toEqual([])
  })
})

describe('a refresh while a row has focus', () => {
  it('keeps it on the same task’s control when the row moved', async () => {
    const { user, refresh } = renderPage([alpha, bravo, charlie])
    within(row('Bravo')).getByRole('button', { name: 'Delete' }).focus()
    refresh([{ ...bravo, order: -1 }, alpha, charlie])
    expect(rowTexts()).toEqual(['Bravo', 'Alpha', 'Charlie'])
    expect(within(row('Bravo')).getByRole('button', { name: 'Delete' })).toHaveFocus()
    // And Tab goes on from there.
    await user.tab()
    expect(within(row('Alpha')).getByRole('button', { name: 'Mark as complete' })).toHaveFocus()
  })

  it('moves it to the next row when the task went, and to the input when none is left', () => {
    const { refresh } = renderPage([alpha, bravo, charlie])
    within(row('Bravo')).getByRole('button', { name: 'Edit' }).focus()
    refresh([alpha, charlie])
    expect(within(row('Charlie')).getByRole('button', { name: 'Mark as complete' })).toHaveFocus()
    refresh([alpha])
    expect(within(row('Alpha')).getByRole('button', { name: 'Mark as complete' })).toHaveFocus()
    refresh([])
    expect(screen.getByRole('textbox', { name: 'New task' })).toHaveFocus()
  })

  it('leaves focus alone when it is outside the list', () => {
    const { refresh } = renderPage([alpha, bravo])
    const input = screen.getByRole('textbox', { name: 'New task' })
    input.focus()
    refresh([bravo])
    expect(input).toHaveFocus()
  })
})

describe('a refresh that finishes a task', () => {
  it('shows no confetti and no "Loading", and keeps the rows of unchanged tasks', () => {
    const { refresh, celebrate } = renderPage([alpha, bravo])
    const bravoRow = row('Bravo')
    refresh([{ ...alpha, isFinished: true, order: FINISHED_ORDER_BASE }, bravo])
    expect(rowTexts()).toEqual(['Bravo', 'Alpha'])
    expect(row('Bravo')).toBe(bravoRow)
    expect(celebrate).not.toHaveBeenCalled()
    expect(screen.queryByText('Loading your tasks…')).not.toBeInTheDocument()
  })
})
