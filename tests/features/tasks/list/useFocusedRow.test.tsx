import { act, within } from '@testing-library/react'
import { createRef } from 'react'
import { describe, expect, it } from 'vitest'
import { useAppSelector } from '../../../../src/app/hooks'
import type { Control } from '../../../../src/features/tasks/list/rowControls'
import { TaskRows } from '../../../../src/features/tasks/list/TaskRows'
import type { FocusedRow } from '../../../../src/features/tasks/list/useFocusedRow'
import { selectTaskIds, tasksRefreshed } from '../../../../src/features/tasks/tasksSlice'
import type { LoadedTask } from '../../../../src/services/types'
import { renderWithProviders } from '../../../support/render'
import { EMAIL, loadedTask } from '../../../support/store'
import { row } from '../../../support/rows'

const alpha = loadedTask('a', false, 0, 'Alpha')
const bravo = loadedTask('b', false, 1, 'Bravo')
const charlie = loadedTask('c', false, 2, 'Charlie')
const delta = loadedTask('d', false, 3, 'Delta')

/** The rows of the store's list, as TaskList draws them, with the focus record in view. */
function renderRows(tasks: LoadedTask[]) {
  const focus = createRef<FocusedRow | null>()
  function Rows() {
    return <TaskRows ids={useAppSelector(selectTaskIds)} focus={focus} />
  }
  const { store } = renderWithProviders(<Rows />, { tasks })
  const refresh = (fresh: LoadedTask[]) => {
    act(() => {
      store.dispatch(tasksRefreshed({ email: EMAIL, tasks: fresh }))
    })
  }
  return { focus, refresh }
}

const NAMES: Record<Control, string> = {
  toggle: 'Mark as complete',
  edit: 'Edit',
  delete: 'Delete',
}

describe('focus in a row that moves', () => {
  it.each(Object.keys(NAMES) as Control[])(
    'is recorded by the %s button’s marker, and given back to the same kind of button',
    (control) => {
      const { focus, refresh } = renderRows([alpha, bravo, charlie, delta])
      const before = within(row('Bravo')).getByRole('button', { name: NAMES[control] })
      act(() => {
        before.focus()
      })
      expect(focus.current?.id).toBe('b')
      expect(focus.current?.control).toBe(control)

      refresh([alpha, charlie, delta, { ...bravo, order: 10 }])
      // A moved row is a new element (a new key): focus was put back, not kept.
      expect(before).not.toBeInTheDocument()
      const after = within(row('Bravo')).getByRole('button', { name: NAMES[control] })
      expect(after).toHaveFocus()
      expect(after).toHaveAttribute('data-control', control)
    },
  )

  it('goes to the next row’s toggle when its row goes', () => {
    const { focus, refresh } = renderRows([alpha, bravo, charlie])
    act(() => {
      within(row('Bravo')).getByRole('button', { name: 'Delete' }).focus()
    })
    refresh([alpha, charlie])
    expect(within(row('Charlie')).getByRole('button', { name: 'Mark as complete' })).toHaveFocus()
    expect(focus.current?.id).toBe('c')
    expect(focus.current?.control).toBe('toggle')
  })
})
