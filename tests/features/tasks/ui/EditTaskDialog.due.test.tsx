import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TasksPage } from '../../../../src/app/App'
import { dueOf } from '../../../../src/features/tasks/model/due'
import { selectTaskById } from '../../../../src/features/tasks/model/tasksSlice'
import type { Task } from '../../../../src/services/types'
import { renderSignedIn } from '../../../support/render'
import { row } from '../../../support/rows'
import { storedTask } from '../../../support/store'

// The Edit Task dialog's date: a Due date, a Time only with it, and Clear date.

async function openEditor(due: string | null) {
  const task: Task = { ...storedTask('a', false, 0, 'Buy milk'), due }
  const rendered = await renderSignedIn(<TasksPage />, [task])
  await rendered.user.click(within(row('Buy milk')).getByRole('button', { name: 'Edit' }))
  const dialog = screen.getByRole('dialog', { name: 'Edit Task' })
  return {
    ...rendered,
    date: within(dialog).getByLabelText('Due date'),
    time: within(dialog).getByLabelText('Time'),
    clear: within(dialog).getByRole('button', { name: 'Clear date' }),
    save: within(dialog).getByRole('button', { name: 'Save changes' }),
  }
}

describe("the Edit Task dialog's date", () => {
  it('shows none: Time and Clear date wait for a date; saving writes the text alone', async () => {
    const { user, date, time, clear, save, repository } = await openEditor(null)
    expect(date).toHaveValue('')
    expect(date).toHaveAttribute('type', 'date')
    expect(time).toBeDisabled()
    expect(clear).toBeDisabled()
    await user.click(save)
    expect(repository.writes).toEqual([{ kind: 'update', id: 'a', changes: { task: 'Buy milk' } }])
  })

  it('saves a date changed alone, with the text', async () => {
    const { user, date, time, save, store, repository } = await openEditor('2026-12-03')
    expect(date).toHaveValue('2026-12-03')
    expect(time).toBeEnabled()
    await user.clear(date)
    await user.type(date, '2026-12-05')
    await user.click(save)
    expect(selectTaskById(store.getState(), 'a')?.due).toBe('2026-12-05')
    expect(repository.writes).toEqual([
      { kind: 'update', id: 'a', changes: { task: 'Buy milk', due: '2026-12-05' } },
    ])
  })

  it('saves a time on the date, in this device’s zone', async () => {
    const { user, time, save, store } = await openEditor('2026-12-03')
    await user.type(time, '17:30')
    await user.click(save)
    expect(selectTaskById(store.getState(), 'a')?.due).toBe(dueOf('2026-12-03', '17:30'))
  })

  it('shows a stored time, and Clear date empties both; the server is told null', async () => {
    const due = dueOf('2026-12-03', '09:15')
    const { user, date, time, clear, save, store, repository } = await openEditor(due)
    expect(date).toHaveValue('2026-12-03')
    expect(time).toHaveValue('09:15')
    await user.click(clear)
    expect(date).toHaveValue('')
    expect(time).toHaveValue('')
    expect(time).toBeDisabled()
    expect(date).toHaveFocus()
    await user.click(save)
    expect(selectTaskById(store.getState(), 'a')?.due).toBeNull()
    expect(repository.writes).toEqual([
      { kind: 'update', id: 'a', changes: { task: 'Buy milk', due: null } },
    ])
  })

  it('leaves the date alone when only the text changed', async () => {
    const { user, save, repository } = await openEditor('2026-12-03')
    await user.type(screen.getByRole('textbox', { name: 'Task' }), ' and eggs')
    await user.click(save)
    expect(repository.writes).toEqual([
      { kind: 'update', id: 'a', changes: { task: 'Buy milk and eggs' } },
    ])
  })
})
