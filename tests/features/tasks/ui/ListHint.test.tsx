import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TasksPage } from '../../../../src/app/App'
import type { AppStore } from '../../../../src/app/store'
import { createList, selectLists } from '../../../../src/features/lists'
import { selectAllTasks } from '../../../../src/features/tasks/model/tasksSlice'
import { renderSignedIn } from '../../../support/render'
import { rowTexts } from '../../../support/rows'

// The whole page in jsdom: over 5 s a test on a loaded machine.
vi.setConfig({ testTimeout: 15_000 })

// "milk #groceries" in the New task input: the hint under it says which list, Add puts the task
// there (making the list when it is new), and the hint can be refused as a date's can.

const input = () => screen.getByRole('textbox', { name: 'New task' })
const keep = (phrase: string) => screen.findByRole('button', { name: `Keep “${phrase}” as text` })
const noKeep = () => screen.queryByRole('button', { name: /^Keep “#/ })
const idOf = (store: AppStore, name: string) =>
  selectLists(store.getState()).find((list) => list.name === name)?.id
const tasks = (store: AppStore) =>
  selectAllTasks(store.getState()).map(({ task, list, due, repeat }) => ({
    task,
    list,
    due,
    repeat,
  }))

/** The page, signed in, with the person's lists made (My tasks shown). */
async function withLists(...names: string[]) {
  const page = await renderSignedIn(<TasksPage />)
  for (const name of names)
    act(() => {
      page.store.dispatch(createList(name))
    })
  return page
}

beforeEach(() => {
  history.replaceState(null, '', '/todo/')
})

describe('a list named with # in the New task input', () => {
  it('says the list, describes the input with it, and adds the text without it to that list', async () => {
    const { user, store, repository } = await withLists('Groceries', 'Work')
    await user.type(input(), 'oat milk #groceries')
    await keep('#groceries')
    const sentence = screen.getByText('In list “Groceries”')
    expect(sentence.closest('[role="status"]')).not.toBeNull()
    expect(input()).toHaveAccessibleDescription('In list “Groceries”')
    await user.keyboard('{Enter}')
    const groceries = idOf(store, 'Groceries')
    expect(tasks(store)).toEqual([{ task: 'oat milk', list: groceries, due: null, repeat: null }])
    expect(repository.writes).toMatchObject([{ kind: 'add', task: { list: groceries } }])
    expect(input()).toHaveValue('')
    expect(input()).toHaveFocus()
    // My tasks is still shown: where the task went is said, until the next keystroke.
    expect(screen.queryByText('oat milk')).not.toBeInTheDocument()
    expect(screen.getByText('Added to list “Groceries”.').closest('[role="status"]')).not.toBeNull()
    await user.type(input(), 'b')
    expect(screen.queryByText(/^Added to list/)).not.toBeInTheDocument()
  })

  it('Keep as text: the tag stays text as the draft goes on, and the task goes to the list shown', async () => {
    const { user, store } = await withLists('Groceries')
    await user.type(input(), 'milk #groceries')
    await user.click(await keep('#groceries'))
    expect(noKeep()).not.toBeInTheDocument()
    expect(screen.queryByText(/^In list/)).not.toBeInTheDocument()
    expect(input()).toHaveFocus()
    expect(input()).not.toHaveAccessibleDescription(/In list/)
    await user.type(input(), ' now')
    expect(noKeep()).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add Task' }))
    expect(tasks(store)).toEqual([
      { task: 'milk #groceries now', list: null, due: null, repeat: null },
    ])
    expect(rowTexts()).toEqual(['milk #groceries now'])
    expect(screen.queryByText(/^Added to list/)).not.toBeInTheDocument()
  })

  it('an unknown name offers a new list; Add makes it and adds the task to it', async () => {
    const { user, store, repository } = await withLists('Groceries')
    await user.type(input(), 'balloons #party')
    await keep('#party')
    expect(screen.getByText('In new list “party”')).toBeInTheDocument()
    expect(selectLists(store.getState())).toHaveLength(1)
    await user.keyboard('{Enter}')
    const party = idOf(store, 'party')
    expect(party).toBeDefined()
    expect(repository.lists.writes).toMatchObject([
      { kind: 'add', fields: { name: 'Groceries' } },
      { kind: 'add', id: party, fields: { name: 'party' } },
    ])
    expect(tasks(store)).toEqual([{ task: 'balloons', list: party, due: null, repeat: null }])
    expect(screen.getByText('Added to list “party”.')).toBeInTheDocument()
  })

  it('Escape refuses a new list: none is made, and the text is kept as typed', async () => {
    const { user, store } = await withLists('Groceries')
    await user.type(input(), 'balloons #party')
    await keep('#party')
    await user.keyboard('{Escape}')
    expect(noKeep()).not.toBeInTheDocument()
    expect(input()).toHaveValue('balloons #party')
    await user.keyboard('{Enter}')
    expect(selectLists(store.getState()).map(({ name }) => name)).toEqual(['Groceries'])
    expect(tasks(store)).toEqual([{ task: 'balloons #party', list: null, due: null, repeat: null }])
  })

  it('from another list, "#my tasks" adds to My tasks', async () => {
    const { user, store } = await withLists('Groceries')
    history.replaceState(null, '', `/todo/#/lists/${idOf(store, 'Groceries') ?? ''}`)
    dispatchEvent(new HashChangeEvent('hashchange'))
    await user.type(input(), 'call the bank #My Tasks')
    expect(await screen.findByText('In list “My tasks”')).toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(tasks(store)).toEqual([{ task: 'call the bank', list: null, due: null, repeat: null }])
    expect(screen.getByText('Added to list “My tasks”.')).toBeInTheDocument()
  })

  it('with the Open filter on, a task added to another list is not said to be hidden by it', async () => {
    history.replaceState(null, '', '/todo/#/open')
    const { user } = await withLists('Groceries')
    await user.type(input(), 'Write the report{Enter}')
    await user.type(input(), 'oat milk #groceries{Enter}')
    expect(screen.getByText('Added to list “Groceries”.')).toBeInTheDocument()
    expect(screen.queryByText(/hidden by/)).not.toBeInTheDocument()
    expect(rowTexts()).toEqual(['Write the report'])
  })
})

describe('with My tasks alone', () => {
  it('no # hint shows: "#1 priority" and "milk #groceries" stay text, and no list is made', async () => {
    const { user, store } = await renderSignedIn(<TasksPage />)
    await user.type(input(), '#1 priority{Enter}')
    await user.type(input(), 'milk #groceries')
    expect(noKeep()).not.toBeInTheDocument()
    expect(input()).not.toHaveAttribute('aria-describedby')
    await user.keyboard('{Enter}')
    expect(selectLists(store.getState())).toEqual([])
    expect(rowTexts()).toEqual(['#1 priority', 'milk #groceries'])
  })
})

describe('with a date or a repeat', () => {
  beforeEach(() => {
    // Friday 27 November 2026, 10:00 here; only Date, so the readers' chunks still load.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 27, 10) })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('both hints show and both are kept: "milk tomorrow #groceries"', async () => {
    const { user, store } = await withLists('Groceries')
    await user.type(input(), 'milk tomorrow #groceries')
    await keep('tomorrow')
    await keep('#groceries')
    expect(input()).toHaveAccessibleDescription(/^Due tomorrow, Sat.* In list “Groceries”$/)
    await user.keyboard('{Enter}')
    const list = idOf(store, 'Groceries')
    expect(tasks(store)).toEqual([{ task: 'milk', list, due: '2026-11-28', repeat: null }])
  })

  it('Escape refuses the one typed last, then the other', async () => {
    const { user, store } = await withLists('Groceries')
    await user.type(input(), 'milk #groceries tomorrow')
    await keep('tomorrow')
    await keep('#groceries')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('button', { name: 'Keep “tomorrow” as text' })).toBeNull()
    expect(await keep('#groceries')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(noKeep()).not.toBeInTheDocument()
    await user.clear(input())
    await user.type(input(), 'bread tomorrow #groceries')
    await keep('tomorrow')
    await user.keyboard('{Escape}')
    expect(noKeep()).not.toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(tasks(store)).toEqual([
      { task: 'bread #groceries', list: null, due: '2026-11-28', repeat: null },
    ])
  })

  it('a repeat and a new list: "water plants every monday #home"', async () => {
    const { user, store } = await withLists('Groceries')
    await user.type(input(), 'water plants every monday #home')
    await keep('every monday')
    await keep('#home')
    await user.keyboard('{Enter}')
    const home = idOf(store, 'Home')
    expect(home).toBeUndefined()
    const list = idOf(store, 'home')
    expect(tasks(store)).toEqual([
      { task: 'water plants', list, due: '2026-11-30', repeat: 'FREQ=WEEKLY;BYDAY=MO' },
    ])
  })
})
