import { act, waitFor, within } from '@testing-library/react'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useAppSelector } from '../../../../../src/app/hooks'
import type { Control } from '../../../../../src/features/tasks/ui/list/rowControls'
import { TaskRows } from '../../../../../src/features/tasks/ui/list/TaskRows'
import type { FocusedRow } from '../../../../../src/features/tasks/ui/list/useFocusedRow'
import { selectTaskIds } from '../../../../../src/features/tasks/model/tasksSlice'
import type { Task } from '../../../../../src/services/types'
import { renderSignedIn } from '../../../../support/render'
import { storedTask } from '../../../../support/store'
import { row, rowTexts } from '../../../../support/rows'

// The whole page in jsdom: up to 3.5 s a test beside two busy loops.
vi.setConfig({ testTimeout: 15_000 })

const alpha = storedTask('a', false, 0, 'Alpha')
const bravo = storedTask('b', false, 1, 'Bravo')
const charlie = storedTask('c', false, 2, 'Charlie')
const delta = storedTask('d', false, 3, 'Delta')

/** The rows of the store's list, as TaskList draws them, with the focus record in view. */
async function renderRows(tasks: Task[]) {
  const focus = createRef<FocusedRow | null>()
  function Rows() {
    return <TaskRows ids={useAppSelector(selectTaskIds)} focus={focus} />
  }
  const { repository } = await renderSignedIn(<Rows />, tasks)
  /** Another device moves or deletes tasks; the rows follow once the live query reports it. */
  const remote = async (moved: Task[], deleted: string[], shown: string[]) => {
    for (const task of moved) repository.remotePut(task)
    for (const id of deleted) repository.remoteDelete(id)
    await waitFor(() => {
      expect(rowTexts()).toEqual(shown)
    })
  }
  return { focus, remote }
}

const NAMES: Record<Exclude<Control, 'more'>, string> = {
  toggle: 'Mark as complete',
  edit: 'Edit',
  delete: 'Delete',
  reorder: 'Reorder',
}

describe('focus in a row that moves', () => {
  it.each(Object.keys(NAMES) as (keyof typeof NAMES)[])(
    'is recorded by the %s button’s marker, and given back to the same kind of button',
    async (control) => {
      const { focus, remote } = await renderRows([alpha, bravo, charlie, delta])
      const before = within(row('Bravo')).getByRole('button', { name: NAMES[control] })
      act(() => {
        before.focus()
      })
      expect(focus.current?.id).toBe('b')
      expect(focus.current?.control).toBe(control)

      await remote([{ ...bravo, order: 10 }], [], ['Alpha', 'Charlie', 'Delta', 'Bravo'])
      // A moved row is a new element (a new key): focus was put back, not kept.
      expect(before).not.toBeInTheDocument()
      const after = within(row('Bravo')).getByRole('button', { name: NAMES[control] })
      expect(after).toHaveFocus()
      expect(after).toHaveAttribute('data-control', control)
    },
  )

  it('goes to the next row’s toggle when its row goes', async () => {
    const { focus, remote } = await renderRows([alpha, bravo, charlie])
    act(() => {
      within(row('Bravo')).getByRole('button', { name: 'Delete' }).focus()
    })
    await remote([], ['b'], ['Alpha', 'Charlie'])
    expect(within(row('Charlie')).getByRole('button', { name: 'Mark as complete' })).toHaveFocus()
    expect(focus.current?.id).toBe('c')
    expect(focus.current?.control).toBe('toggle')
  })
})
