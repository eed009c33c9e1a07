import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FINISHED_ORDER_BASE } from '../../src/features/tasks/model/ordering'
import { TasksPage } from '../../src/app/App'
import { selectAllTasks, selectTaskIds } from '../../src/features/tasks/model/tasksSlice'
import type { Task } from '../../src/services/types'
import { renderSignedIn, renderWithProviders } from '../support/render'
import { storedTask } from '../support/store'

/** The page with Ada signed in and her `tasks` loaded, or with nobody signed in. */
const renderPage = (tasks: Task[] = [], { signedIn = true } = {}) =>
  signedIn
    ? renderSignedIn(<TasksPage />, tasks)
    : Promise.resolve(renderWithProviders(<TasksPage />))

const input = () => screen.getByRole('textbox', { name: 'New task' })
const rows = () => within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem')
const rowTexts = () => rows().map((row) => row.textContent)
const row = (text: string) => {
  const found = rows().find((item) => within(item).queryByText(text) !== null)
  if (!found) throw new Error(`No row with the text ${text}`)
  return found
}

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

  it('adds a task, clears the input and gives it focus again', async () => {
    const { user, repository } = await renderPage()
    await user.type(input(), 'Buy milk')
    await user.click(screen.getByRole('button', { name: 'Add Task' }))
    expect(rowTexts()).toEqual([expect.stringContaining('Buy milk')])
    expect(input()).toHaveValue('')
    expect(input()).toHaveFocus()
    expect(repository.writes).toMatchObject([{ kind: 'add', task: { task: 'Buy milk' } }])
  })

  it('without a signed-in user shows the alert "Please log in to add" and adds nothing', async () => {
    const { user, alert, store, repository } = await renderPage([], { signedIn: false })
    await user.type(input(), 'Buy milk{Enter}')
    expect(alert).toHaveBeenCalledExactlyOnceWith('Please log in to add')
    expect(selectTaskIds(store.getState())).toEqual([])
    expect(repository.writes).toEqual([])
    expect(input()).toHaveValue('Buy milk')
  })

  it.each([
    ['empty', ''],
    ['whitespace-only', '   '],
  ])(
    'ignores %s text: no task, no write, no alert, and the input keeps focus',
    async (_name, text) => {
      const { user, alert, store, repository } = await renderPage()
      if (text) await user.type(input(), text)
      await user.click(screen.getByRole('button', { name: 'Add Task' }))
      expect(selectTaskIds(store.getState())).toEqual([])
      expect(repository.writes).toEqual([])
      expect(alert).not.toHaveBeenCalled()
      expect(input()).toHaveFocus()
    },
  )

  it.each([
    ['HTML and script', '<img src=x onerror=alert(1)>'],
    ['emoji', 'Water the 🌱 and feed the 🐈‍⬛'],
    ['right-to-left text', 'לקנות חלב'],
  ])('stores and shows %s verbatim, as text', async (_name, text) => {
    const { user, store, alert } = await renderPage()
    await user.click(input())
    await user.paste(text)
    await user.keyboard('{Enter}')
    expect(selectAllTasks(store.getState())[0]?.task).toBe(text)
    const shown = within(rows()[0] ?? document.body).getByText(text)
    expect(shown).toHaveAttribute('dir', 'auto')
    expect(shown.children).toHaveLength(0)
    expect(document.querySelector('img')).toBeNull()
    expect(alert).not.toHaveBeenCalled()
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

  it('marked done is struck through, its toggle now "Mark as incomplete"', async () => {
    const { user } = await renderPage([storedTask('a', false, 0), storedTask('b', false, 1)])
    await user.click(within(row('Task a')).getByRole('button', { name: 'Mark as complete' }))
    const done = row('Task a')
    expect(done).toHaveClass('finished')
    expect(within(done).getByRole('button', { name: 'Mark as incomplete' })).toHaveAttribute(
      'title',
      'Mark as incomplete',
    )
  })

  it('marked incomplete is no longer struck through', async () => {
    const { user } = await renderPage([
      storedTask('a', false, 0),
      storedTask('b', true, FINISHED_ORDER_BASE),
    ])
    await user.click(within(row('Task b')).getByRole('button', { name: 'Mark as incomplete' }))
    expect(row('Task b')).not.toHaveClass('finished')
  })

  it('deleting the last task shows the empty text', async () => {
    const { user } = await renderPage([storedTask('a', false, 0)])
    await user.click(within(row('Task a')).getByRole('button', { name: 'Delete' }))
    expect(screen.getByText('No tasks have been added yet')).toBeInTheDocument()
  })
})
