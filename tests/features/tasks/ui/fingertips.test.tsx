import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FINISHED_ORDER_BASE } from '../../../../src/features/tasks/model/ordering'
import { TasksPage } from '../../../../src/app/App'
import { selectAllTasks, tasksCleared } from '../../../../src/features/tasks/model/tasksSlice'
import { UNDO_MS } from '../../../../src/features/undo/UndoBar'
import type { Task } from '../../../../src/services/types'
import { renderSignedIn } from '../../../support/render'
import { storedTask } from '../../../support/store'
import { rows, rowTexts, row } from '../../../support/rows'

// Whole pages clicked through in jsdom: up to 5 s a test beside two busy loops.
vi.setConfig({ testTimeout: 15_000 })

const renderPage = (tasks: Task[]) => renderSignedIn(<TasksPage />, tasks)

const input = () => screen.getByRole('textbox', { name: 'New task' })
const toggleOf = (text: string) =>
  within(row(text)).getByRole('button', { name: /^Mark as (in)?complete$/ })
const deleteOf = (text: string) => within(row(text)).getByRole('button', { name: 'Delete' })
const undoButton = () => screen.getByRole('button', { name: 'Undo' })

const abc = () => [
  storedTask('a', false, 0, 'Alpha'),
  storedTask('b', false, 1, 'Bravo'),
  storedTask('c', true, FINISHED_ORDER_BASE, 'Charlie'),
]

afterEach(() => {
  vi.useRealTimers()
})

describe('a row, to assistive technology', () => {
  it('has a toggle that says its state, and Edit and Delete that say which task', async () => {
    await renderPage(abc())
    expect(toggleOf('Alpha')).toHaveAttribute('aria-pressed', 'false')
    expect(toggleOf('Alpha')).toHaveAccessibleName('Mark as complete')
    expect(toggleOf('Charlie')).toHaveAttribute('aria-pressed', 'true')
    expect(toggleOf('Charlie')).toHaveAccessibleName('Mark as incomplete')
    for (const name of ['Edit', 'Delete']) {
      const button = within(row('Bravo')).getByRole('button', { name })
      expect(button).toHaveAccessibleName(name)
      expect(button).toHaveAccessibleDescription('Bravo')
      expect(button).toHaveAttribute('title', name)
    }
  })
})

describe('a second click that lands on another row', () => {
  it('after a row moved away from under the pointer, does nothing', async () => {
    const { store, celebrate } = await renderPage(abc())
    const first = toggleOf('Alpha')
    fireEvent.click(first, { detail: 1 })
    // Bravo slid up under the pointer; the browser counts this as the double click's second.
    fireEvent.click(toggleOf('Bravo'), { detail: 2 })
    expect(rowTexts()).toEqual(['Bravo', 'Charlie', 'Alpha'])
    expect(selectAllTasks(store.getState()).map((task) => task.isFinished)).toEqual([
      false,
      true,
      true,
    ])
    expect(celebrate).toHaveBeenCalledTimes(1)
  })

  it('deletes one task, not two, for a double click on Delete', async () => {
    await renderPage(abc())
    fireEvent.click(deleteOf('Alpha'), { detail: 1 })
    fireEvent.click(deleteOf('Bravo'), { detail: 2 })
    expect(rowTexts()).toEqual(['Bravo', 'Charlie'])
  })

  it('on a repeating task, which stays in place: one tick, not two dates on', async () => {
    const swim = { ...storedTask('w', false, 0, 'Swim'), due: '2099-01-01', repeat: 'FREQ=DAILY' }
    const { store } = await renderPage([swim])
    fireEvent.click(toggleOf('Swim'), { detail: 1 })
    fireEvent.click(toggleOf('Swim'), { detail: 2 })
    expect(selectAllTasks(store.getState())[0]).toMatchObject({
      isFinished: false,
      due: '2099-01-02',
    })
    // A click of its own moves it on again.
    fireEvent.click(toggleOf('Swim'), { detail: 1 })
    expect(selectAllTasks(store.getState())[0]?.due).toBe('2099-01-03')
  })

  it('says the next date with its year when it is another, and its time', async () => {
    const due = new Date(2099, 11, 31, 9, 30).toISOString()
    await renderPage([{ ...storedTask('t', false, 0, 'Tea'), due, repeat: 'FREQ=DAILY' }])
    fireEvent.click(toggleOf('Tea'), { detail: 1 })
    // jsdom's browser writes en-US: "Fri, Jan 1, 2100, 9:30 AM".
    expect(await screen.findByText(/^Done\. Next due /)).toHaveTextContent(
      /^Done\. Next due Fri, Jan 1, 2100, 9:30\sAM\. Undo$/,
    )
  })

  it('still acts when it is a click of its own, or comes from the keyboard', async () => {
    await renderPage(abc())
    fireEvent.click(toggleOf('Alpha'), { detail: 1 })
    fireEvent.click(toggleOf('Bravo'), { detail: 1 })
    expect(rowTexts()).toEqual(['Charlie', 'Alpha', 'Bravo'])
    fireEvent.click(toggleOf('Charlie'), { detail: 0 })
    expect(rowTexts()).toEqual(['Charlie', 'Alpha', 'Bravo'])
  })
})

describe('Undo after Delete', () => {
  it('after several deletes, restores the last', async () => {
    const { user } = await renderPage(abc())
    await user.click(deleteOf('Alpha'))
    await user.click(deleteOf('Charlie'))
    await user.click(undoButton())
    expect(rowTexts()).toEqual(['Bravo', 'Charlie'])
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument()
  })

  it('brings back the last task of a list, which was empty', async () => {
    const { user } = await renderPage([storedTask('a', false, 0, 'Only')])
    await user.click(deleteOf('Only'))
    expect(screen.getByText('No tasks have been added yet')).toBeInTheDocument()
    expect(input()).toHaveFocus()
    await user.click(undoButton())
    expect(rowTexts()).toEqual(['Only'])
  })

  it('is not offered once the list is someone else’s (a sign-out)', async () => {
    const { user, store } = await renderPage(abc())
    await user.click(deleteOf('Alpha'))
    expect(undoButton()).toBeInTheDocument()
    act(() => {
      store.dispatch(tasksCleared())
    })
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument()
  })

  it('works with Ctrl+Z outside text fields', async () => {
    const { user } = await renderPage(abc())
    await user.click(deleteOf('Bravo'))
    await user.keyboard('{Control>}z{/Control}')
    expect(rowTexts()).toEqual(['Alpha', 'Bravo', 'Charlie'])

    await user.click(deleteOf('Bravo'))
    input().focus()
    await user.keyboard('{Control>}z{/Control}')
    expect(rowTexts()).toEqual(['Alpha', 'Charlie'])
  })

  it('is offered for six seconds from the last delete, and while it holds focus', async () => {
    await renderPage(abc())
    vi.useFakeTimers()
    fireEvent.click(deleteOf('Alpha'))
    act(() => {
      vi.advanceTimersByTime(UNDO_MS - 100)
    })
    fireEvent.click(deleteOf('Bravo'))
    act(() => {
      vi.advanceTimersByTime(UNDO_MS - 100)
    })
    expect(undoButton()).toBeInTheDocument()
    act(() => {
      undoButton().focus()
    })
    act(() => {
      vi.advanceTimersByTime(UNDO_MS * 3)
    })
    expect(undoButton()).toBeInTheDocument()
    act(() => {
      undoButton().blur()
    })
    act(() => {
      vi.advanceTimersByTime(UNDO_MS)
    })
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument()
  })
})

describe('focus after Delete', () => {
  it('goes to the next row’s toggle, else the previous row’s, else the input', async () => {
    const { user } = await renderPage(abc())
    await user.click(deleteOf('Alpha'))
    expect(toggleOf('Bravo')).toHaveFocus()
    await user.click(deleteOf('Charlie'))
    expect(toggleOf('Bravo')).toHaveFocus()
    await user.click(deleteOf('Bravo'))
    expect(input()).toHaveFocus()
  })
})

describe('a new task', () => {
  it('is announced politely, and highlighted', async () => {
    const { user } = await renderPage(abc())
    await user.type(input(), 'Delta{Enter}')
    const announcement = screen.getByText('Added: Delta')
    expect(announcement.closest('[role="status"]')).not.toBeNull()
    await waitFor(() => {
      expect(row('Delta')).toHaveClass('just-added')
    })
    fireEvent.animationEnd(row('Delta'))
    expect(row('Delta')).not.toHaveClass('just-added')
  })

  it('is scrolled into view, only as far as it takes', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView')
    const { user } = await renderPage(abc())
    await user.type(input(), 'Echo{Enter}')
    await waitFor(() => {
      expect(scrolled).toHaveBeenCalledExactlyOnceWith({ block: 'nearest' })
    })
    expect(scrolled.mock.contexts[0]).toBe(row('Echo'))
  })

  it('arriving from another device is neither announced, highlighted nor scrolled to', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView')
    const { repository } = await renderPage(abc())
    repository.remotePut(storedTask('x', false, 5, 'From the phone'))
    expect(await screen.findByText('From the phone')).toBeInTheDocument()
    expect(screen.queryByText(/^Added:/)).not.toBeInTheDocument()
    expect(rows().some((item) => item.classList.contains('just-added'))).toBe(false)
    expect(scrolled).not.toHaveBeenCalled()
  })
})
