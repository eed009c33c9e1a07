import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { TasksPage } from '../../../src/app/App'
import { FINISHED_ORDER_BASE } from '../../../src/features/tasks/model/ordering'
import { renderSignedIn } from '../../support/render'
import { row, rowTexts } from '../../support/rows'
import { storedTask } from '../../support/store'
import { listEntry, renderWithLists } from '../lists/support'

// The whole page in jsdom, searched: up to 6 s a test beside two busy loops.
vi.setConfig({ testTimeout: 20_000 })

// Find searches the list shown; one choice, "All lists", searches every list, and the rows it
// finds then name their list.

const inList = (list: string | null, ...args: Parameters<typeof storedTask>) => ({
  ...storedTask(...args),
  list,
})
const tasks = () => [
  inList(null, 'a', false, 0, 'Buy stamps'),
  inList('5', 'b', false, 1, 'Buy oat milk'),
  inList('5', 'c', true, FINISHED_ORDER_BASE, 'Buy bread'),
  inList('8', 'd', false, 2, 'Buy a desk lamp'),
]
const lists = [listEntry('5', 'Groceries', 'a0'), listEntry('8', 'Work', 'a1')]
const find = () => screen.getByRole('searchbox', { name: 'Find tasks' })
const allLists = () => screen.getByRole('checkbox', { name: 'All lists' })
/** What a row's second line says to a screen reader (its date, its list). */
const described = (text: string) =>
  within(row(text))
    .getByRole('button', { name: 'Mark as complete' })
    .closest('li')
    ?.querySelector('.task-due .visually-hidden')?.textContent

beforeEach(() => {
  history.replaceState(null, '', '/todo/')
})

describe('Find in all lists', () => {
  it('searches the list shown until All lists is chosen; then every list, each row naming its list', async () => {
    const { user } = await renderWithLists(<TasksPage />, tasks(), lists)
    expect(allLists()).not.toBeChecked()
    await user.type(find(), 'buy')
    expect(rowTexts()).toEqual(['Buy stamps'])
    expect(screen.getByText('1 of 1')).toBeInTheDocument()
    expect(row('Buy stamps').querySelector('.task-list-name')).toBeNull()

    await user.click(allLists())
    expect(rowTexts()).toEqual(['Buy stamps', 'Buy oat milk', 'Buy a desk lamp', 'Buy bread'])
    expect(screen.getByText('4 of 4')).toBeInTheDocument()
    expect(row('Buy oat milk').querySelector('.task-list-name')?.textContent).toBe('Groceries')
    expect(row('Buy a desk lamp').querySelector('.task-list-name')?.textContent).toBe('Work')
    expect(row('Buy stamps').querySelector('.task-list-name')?.textContent).toBe('My tasks')
    expect(described('Buy oat milk')).toBe('In Groceries')

    // The filters still apply; with nothing typed, the list shown is shown, as ever.
    await user.click(screen.getByRole('link', { name: /^Finished/ }))
    expect(rowTexts()).toEqual(['Buy bread'])
    await user.clear(find())
    expect(screen.getByText('No finished tasks.')).toBeInTheDocument()
    await user.type(find(), 'zebra')
    expect(screen.getByText('No finished task in any list matches “zebra”.')).toBeInTheDocument()
  })

  it('is offered only with lists, and not on Today and Upcoming, which gather every list already', async () => {
    const { unmount } = await renderSignedIn(<TasksPage />, [storedTask('a', false, 0, 'Buy')])
    expect(screen.queryByRole('checkbox', { name: 'All lists' })).not.toBeInTheDocument()
    unmount()
    history.replaceState(null, '', '/todo/#/today')
    await renderWithLists(<TasksPage />, tasks(), lists)
    expect(screen.queryByRole('checkbox', { name: 'All lists' })).not.toBeInTheDocument()
    history.replaceState(null, '', '/todo/#/open')
    dispatchEvent(new HashChangeEvent('hashchange'))
    expect(await screen.findByRole('checkbox', { name: 'All lists' })).toBeInTheDocument()
  })
})
