import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TasksPage } from '../../../../src/app/App'
import { renderSignedIn } from '../../../support/render'
import { row, rowTexts } from '../../../support/rows'
import { storedTask } from '../../../support/store'

// The Edit Task dialog, opened from a row of the page.

describe('the Edit Task dialog', () => {
  async function openEditor(
    tasks = [storedTask('a', false, 0, 'Buy milk'), storedTask('b', false, 1)],
  ) {
    const rendered = await renderSignedIn(<TasksPage />, tasks)
    await rendered.user.click(
      within(row(tasks[0]?.task ?? '')).getByRole('button', { name: 'Edit' }),
    )
    const dialog = screen.getByRole('dialog', { name: 'Edit Task' })
    const field = within(dialog).getByRole('textbox', { name: 'Task' })
    return { ...rendered, dialog, field }
  }

  it('opens titled "Edit Task", prefilled, with Close and Save changes', async () => {
    const { dialog, field } = await openEditor()
    expect(field).toHaveValue('Buy milk')
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeEnabled()
  })

  it('keeps typed text to itself until Save changes, which applies it in place and closes', async () => {
    const { user, dialog, field, repository } = await openEditor()
    await user.clear(field)
    await user.type(field, 'Buy oat milk')
    expect(row('Buy milk')).toBeInTheDocument()
    expect(repository.writes).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(rowTexts()).toEqual(['Buy oat milk', 'Task b'])
    expect(repository.writes).toMatchObject([
      { kind: 'update', id: 'a', changes: { task: 'Buy oat milk' } },
    ])
  })

  it('saves with Enter in the input', async () => {
    const { user, field } = await openEditor()
    await user.clear(field)
    await user.type(field, 'Buy bread{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(row('Buy bread')).toBeInTheDocument()
  })

  it("drops the draft on Close and gives focus back to the row's Edit button", async () => {
    const { user, dialog, field, repository } = await openEditor()
    await user.type(field, ' and eggs')
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(row('Buy milk')).toBeInTheDocument()
    expect(repository.writes).toEqual([])
    expect(within(row('Buy milk')).getByRole('button', { name: 'Edit' })).toHaveFocus()
  })

  it('disables Save changes for blank text, and Enter does nothing', async () => {
    const { user, dialog, field, repository } = await openEditor()
    await user.clear(field)
    await user.type(field, '   ')
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeDisabled()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('dialog', { name: 'Edit Task' })).toBeInTheDocument()
    expect(repository.writes).toEqual([])
  })

  it('saving unchanged text closes the dialog and writes the text all the same', async () => {
    const { user, dialog, repository } = await openEditor()
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // A change the server refused is sent again this way; the same text costs one write.
    expect(repository.writes).toEqual([{ kind: 'update', id: 'a', changes: { task: 'Buy milk' } }])
  })

  it('limits the text to 1,000 characters', async () => {
    const { field } = await openEditor()
    expect(field).toHaveAttribute('maxlength', '1000')
  })
})
