import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'react-redux'
import { describe, expect, it, vi } from 'vitest'
import { MoveToListDialog } from '../../../../src/features/tasks/ui/MoveToListDialog'
import {
  ListChoicesContext,
  type ListChoice,
} from '../../../../src/features/tasks/ui/list/listChoices'
import { selectTaskById } from '../../../../src/features/tasks/model/tasksSlice'
import { storedTask, storeWithList } from '../../../support/store'

// Move to list…, the dialog: a list deleted on another device while it is open cannot be the
// task's new home (the attack found a task stored in a list that was gone).

const myTasks: ListChoice = { id: null, name: 'My tasks' }
const groceries: ListChoice = { id: '3', name: 'Groceries' }

describe('Move to list', () => {
  it('moves the task to the list chosen; a chosen list deleted meanwhile leaves Move unable', async () => {
    const { store } = storeWithList([storedTask('t1', false, 0, 'oat milk')])
    const onClosed = vi.fn()
    // rerender takes the whole tree: the store's Provider included.
    const ui = (choices: readonly ListChoice[]) => (
      <Provider store={store}>
        <ListChoicesContext value={choices}>
          <MoveToListDialog id="t1" onClosed={onClosed} />
        </ListChoicesContext>
      </Provider>
    )
    const user = userEvent.setup()
    const page = render(ui([myTasks, groceries]))
    const move = screen.getByRole('button', { name: 'Move' })
    expect(move).toBeDisabled()
    await user.click(screen.getByRole('radio', { name: 'Groceries' }))
    expect(move).toBeEnabled()

    // Groceries is deleted on the phone: the dialog's choices lose it.
    page.rerender(ui([myTasks]))
    expect(screen.queryByRole('radio', { name: 'Groceries' })).toBeNull()
    expect(screen.getByRole('radio', { name: 'My tasks' })).not.toBeChecked()
    expect(move).toBeDisabled()
    await user.click(move)
    expect(selectTaskById(store.getState(), 't1')?.list).toBeNull()

    page.rerender(ui([myTasks, groceries]))
    await user.click(screen.getByRole('radio', { name: 'Groceries' }))
    await user.click(screen.getByRole('button', { name: 'Move' }))
    expect(selectTaskById(store.getState(), 't1')?.list).toBe('3')
    expect(onClosed).toHaveBeenCalledWith(true)
  })
})
