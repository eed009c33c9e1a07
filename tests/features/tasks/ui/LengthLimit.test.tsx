import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { EditTaskDialog } from '../../../../src/features/tasks/ui/EditTaskDialog'
import { CUT_MESSAGE, cutText } from '../../../../src/features/tasks/ui/LengthLimit'
import { TasksPage } from '../../../../src/app/App'
import { selectAllTasks } from '../../../../src/features/tasks/model/tasksSlice'
import { renderSignedIn } from '../../../support/render'

const input = () => screen.getByRole('textbox', { name: 'New task' })

describe('cutText', () => {
  it('keeps text that fits, and cuts the rest without splitting a surrogate pair', () => {
    expect(cutText('abc', 3)).toBe('abc')
    expect(cutText('abcdef', 4)).toBe('abcd')
    expect(cutText('a🌱b', 2)).toBe('a')
    expect(cutText('a🌱b', 3)).toBe('a🌱')
    expect(cutText('🌱', 1)).toBe('')
  })
})

describe('the add input, past 1,000 characters', () => {
  it('keeps the first 1,000 of a longer paste and says so, politely, as the field’s description', async () => {
    const { user } = await renderSignedIn(<TasksPage />)
    await user.click(input())
    await user.paste('y'.repeat(1200))
    expect(input()).toHaveValue('y'.repeat(1000))
    expect(input()).toHaveAccessibleDescription(CUT_MESSAGE)
    expect(screen.getByText(CUT_MESSAGE)).toHaveAttribute('role', 'status')
  })

  it('says so for a key typed at the limit too, until an edit brings the text below it', async () => {
    const { user } = await renderSignedIn(<TasksPage />)
    await user.click(input())
    await user.paste('y'.repeat(1000))
    expect(input()).not.toHaveAccessibleDescription(CUT_MESSAGE)
    await user.keyboard('z')
    expect(input()).toHaveValue('y'.repeat(1000))
    expect(input()).toHaveAccessibleDescription(CUT_MESSAGE)
    await user.keyboard('{Backspace}')
    expect(input()).toHaveValue('y'.repeat(999))
    expect(input()).not.toHaveAccessibleDescription(CUT_MESSAGE)
    expect(screen.queryByText(CUT_MESSAGE)).not.toBeInTheDocument()
  })

  it('cuts what is pasted, not the text already there, and leaves the caret after it', async () => {
    const { user } = await renderSignedIn(<TasksPage />)
    await user.click(input())
    await user.paste(`start ${'m'.repeat(980)} end`)
    await user.keyboard(
      '{Home}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}',
    )
    await user.paste('0123456789ABCDEF')
    expect(input()).toHaveValue(`start 0123456789${'m'.repeat(980)} end`)
    expect(input()).toHaveProperty('selectionStart', 'start 0123456789'.length)
  })

  it('adds the text as cut, and the notice goes with it', async () => {
    const { user, store } = await renderSignedIn(<TasksPage />)
    await user.click(input())
    await user.paste('y'.repeat(1200))
    await user.keyboard('{Enter}')
    expect(selectAllTasks(store.getState()).map((task) => task.task.length)).toEqual([1000])
    expect(input()).toHaveValue('')
    expect(input()).not.toHaveAccessibleDescription(CUT_MESSAGE)
  })
})

describe('the Edit Task dialog’s field, past 1,000 characters', () => {
  function openDialog(text = 'Buy milk') {
    const onSave = vi.fn<(text: string) => void>()
    const user = userEvent.setup()
    render(<EditTaskDialog text={text} onSave={onSave} onClosed={() => undefined} />)
    const dialog = screen.getByRole('dialog', { name: 'Edit Task' })
    return { user, onSave, dialog, field: within(dialog).getByRole('textbox', { name: 'Task' }) }
  }

  it('keeps what fits of a paste, counting its line breaks as the spaces they become, and says so', async () => {
    const { user, field } = openDialog('')
    await user.click(field)
    await user.paste(`${'a'.repeat(500)}\r\n${'b'.repeat(600)}`)
    expect(field).toHaveValue(`${'a'.repeat(500)} ${'b'.repeat(499)}`)
    expect(field).toHaveAccessibleDescription(CUT_MESSAGE)
  })

  it('stops saying so once an edit brings the text below the limit, and saves the text as cut', async () => {
    const { user, field, dialog, onSave } = openDialog('')
    await user.click(field)
    await user.paste('c'.repeat(1001))
    expect(field).toHaveAccessibleDescription(CUT_MESSAGE)
    await user.keyboard('{Backspace}')
    expect(field).not.toHaveAccessibleDescription()
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(onSave).toHaveBeenCalledWith('c'.repeat(999))
  })

  it('says nothing while the text fits', async () => {
    const { user, field } = openDialog()
    await user.type(field, ', and bread')
    expect(field).toHaveValue('Buy milk, and bread')
    expect(field).not.toHaveAccessibleDescription()
  })
})
