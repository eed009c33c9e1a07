import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { addDays, dayOf } from '../../../src/features/tasks/model/due'
import { FINISHED_ORDER_BASE } from '../../../src/features/tasks/model/ordering'
import { TasksPage } from '../../../src/app/App'
import type { Task } from '../../../src/services/types'
import { renderSignedIn } from '../../support/render'
import { row, rowTexts } from '../../support/rows'
import { storedTask } from '../../support/store'

// The whole page in jsdom, searched: over 5 s a test on a loaded machine (issue 37).
vi.setConfig({ testTimeout: 15_000 })

// Find and the filters on the page, with a real store: what is shown, said and kept in the URL.

const tasks = () => [
  storedTask('a', false, 0, 'Buy oat milk'),
  storedTask('b', false, 1, 'Call Chloé'),
  storedTask('c', true, FINISHED_ORDER_BASE, 'Buy bread'),
]
const renderPage = (list: Task[] = tasks()) => renderSignedIn(<TasksPage />, list)
const find = () => screen.getByRole('searchbox', { name: 'Find tasks' })
const filters = () => within(screen.getByRole('navigation', { name: 'Filter' }))
const filter = (name: RegExp) => filters().getByRole('link', { name })
const input = () => screen.getByRole('textbox', { name: 'New task' })

beforeEach(() => {
  history.replaceState(null, '', '/todo/')
})

describe('Find tasks', () => {
  it('says when nothing matches, and keeps "No tasks have been added yet" for no tasks at all', async () => {
    const { user } = await renderPage()
    await user.type(find(), 'xyz')
    expect(screen.getByText('No task matches “xyz”.')).toBeInTheDocument()
    expect(screen.queryByText('No tasks have been added yet')).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Tasks' })).not.toBeInTheDocument()
  })

  it('is not offered while there are no tasks', async () => {
    await renderPage([])
    expect(screen.getByText('No tasks have been added yet')).toBeInTheDocument()
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Filter' })).not.toBeInTheDocument()
  })
})

describe('All, Open and Finished', () => {
  it('combines with Find; the counts, "N open" and Clear finished still count every task', async () => {
    history.replaceState(null, '', '/todo/#/open')
    const { user } = await renderPage()
    await user.type(find(), 'buy')
    expect(rowTexts()).toEqual(['Buy oat milk'])
    expect(screen.getByText('1 of 2')).toBeInTheDocument()
    expect(filter(/^All 3$/)).toBeInTheDocument()
    expect(screen.getByText('2 open')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clear finished' })).toBeInTheDocument()
  })

  it('says when a filter holds no task', async () => {
    history.replaceState(null, '', '/todo/#/finished')
    await renderPage(tasks().slice(0, 2))
    expect(screen.getByText('No finished tasks.')).toBeInTheDocument()
  })
})

describe('Today and Upcoming', () => {
  const today = dayOf(new Date())
  const dated = () => [
    { ...storedTask('a', false, 0, 'Renew the passport'), due: addDays(today, 40) },
    { ...storedTask('b', false, 1, 'Read a novel') },
    { ...storedTask('c', false, 2, 'Pay the gas bill'), due: addDays(today, -2) },
    { ...storedTask('d', true, FINISHED_ORDER_BASE, 'Post the card'), due: today },
  ]

  it('are links beside the others, each with its count, kept in the URL', async () => {
    history.replaceState(null, '', '/todo/#/upcoming')
    await renderPage(dated())
    expect(
      filters()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All 4', 'Open 3', 'Finished 1', 'Today 1', 'Upcoming 2'])
    expect(filter(/^Today 1$/)).toHaveAttribute('href', '#/today')
    expect(filter(/^Upcoming 2$/)).toHaveAttribute('aria-current', 'page')
    expect(rowTexts()).toEqual(['Pay the gas bill', 'Renew the passport'])
  })

  it('say when they hold no task, or none that matches', async () => {
    history.replaceState(null, '', '/todo/#/today')
    const { user } = await renderPage(dated().slice(0, 2))
    expect(screen.getByText('Nothing is due today or overdue.')).toBeInTheDocument()
    history.replaceState(null, '', '/todo/#/upcoming')
    dispatchEvent(new HashChangeEvent('hashchange'))
    await user.type(find(), 'zebra')
    expect(screen.getByText('No open task with a date matches “zebra”.')).toBeInTheDocument()
    expect(screen.getByText('0 of 1')).toBeInTheDocument()
  })

  it('name themselves when a task added is out of view', async () => {
    history.replaceState(null, '', '/todo/#/today')
    const { user } = await renderPage(dated())
    await user.type(input(), 'Eggs{Enter}')
    expect(screen.getByText(/^Added “Eggs”: hidden by the Today filter\./)).toBeInTheDocument()
    expect(rowTexts()).toEqual(['Pay the gas bill'])
  })
})

describe('a task that Find or a filter hides is never silently lost', () => {
  it('says so when a task is added out of view; Show all shows every task again', async () => {
    history.replaceState(null, '', '/todo/#/finished')
    const { user } = await renderPage()
    await user.type(find(), 'bread')
    await user.type(input(), 'Eggs{Enter}')
    const notice = screen.getByText(/^Added “Eggs”: hidden by your search\./)
    expect(notice).toHaveAttribute('role', 'status')
    expect(rowTexts()).toEqual(['Buy bread'])

    await user.click(within(notice).getByRole('button', { name: 'Show all' }))
    expect(find()).toHaveValue('')
    expect(find()).toHaveFocus()
    expect(rowTexts()).toEqual(['Buy oat milk', 'Call Chloé', 'Eggs', 'Buy bread'])
    expect(location.hash).toBe('#/')
    expect(screen.queryByText(/hidden by/)).not.toBeInTheDocument()
  })

  it('names the filter that hides a task added, or one a click took out of view', async () => {
    history.replaceState(null, '', '/todo/#/finished')
    const { user } = await renderPage()
    await user.type(input(), 'Eggs{Enter}')
    expect(screen.getByText(/^Added “Eggs”: hidden by the Finished filter\./)).toBeInTheDocument()

    await user.click(within(row('Buy bread')).getByRole('button', { name: 'Mark as incomplete' }))
    expect(
      screen.getByText(/^Changed “Buy bread”: hidden by the Finished filter\./),
    ).toBeInTheDocument()
    expect(screen.getByText('No finished tasks.')).toBeInTheDocument()
  })

  it('says so when an edit takes a task out of the search', async () => {
    const { user } = await renderPage()
    await user.type(find(), 'milk')
    await user.click(within(row('Buy oat milk')).getByRole('button', { name: 'Edit' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Task' })
    const text = within(dialog).getByRole('textbox', { name: 'Task' })
    await user.clear(text)
    await user.type(text, 'Buy oat cream')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(
      screen.getByText(/^Changed “Buy oat cream”: hidden by your search\./),
    ).toBeInTheDocument()
  })

  it('says so when another device’s change takes a task out of view', async () => {
    history.replaceState(null, '', '/todo/#/open')
    const { repository } = await renderPage()
    repository.remotePut({ ...storedTask('b', true, FINISHED_ORDER_BASE + 1, 'Call Chloé') })
    expect(
      await screen.findByText(/^Changed “Call Chloé”: hidden by the Open filter\./),
    ).toBeInTheDocument()
    expect(rowTexts()).toEqual(['Buy oat milk'])
  })

  it('says nothing while nothing hides any task, or when the search itself changes', async () => {
    const { user } = await renderPage()
    await user.type(input(), 'Eggs{Enter}')
    await user.type(find(), 'eggs')
    expect(screen.queryByText(/hidden by/)).not.toBeInTheDocument()
  })
})
