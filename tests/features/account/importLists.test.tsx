import { screen, waitFor, within } from '@testing-library/react'
import { vi, describe, expect, it } from 'vitest'
import { App } from '../../../src/app/App'
import { createList } from '../../../src/features/lists'
import { renderSignedIn } from '../../support/render'
import { rowTexts } from '../../support/rows'
import { EMAIL, storedTask } from '../../support/store'
import { fixture } from './formats/fixtures'
import { chooseInSettings, importFile, recordDownloads } from './support'

// An import keeps the file's lists: matched by name among the person's, else made through the
// lists' own command, each written before any of its tasks; this app's export names them.

const fileOf = (name: string, text = fixture(name)) => new File([text], name)
const itemsOf = (list: HTMLElement | undefined) =>
  list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : []
const switcher = () => screen.getByRole('navigation', { name: 'Lists' })
const linkNames = () =>
  within(switcher())
    .getAllByRole('link')
    .map((link) => link.textContent)

describe('Import keeps the lists', { timeout: 20_000 }, () => {
  it('a 3-list Takeout file: the list the person has takes its tasks, the other is made first', async () => {
    const { user, repository, store } = await renderSignedIn(<App />, [
      storedTask('a', false, 0, 'Water the plants'),
    ])
    // The person's own "work": the file's "Work" is it.
    store.dispatch(createList('work'))
    // The writes in the order the page asks for them.
    const order: string[] = []
    const tasks = repository.repository
    const [addList, addMany] = [tasks.addList.bind(tasks), tasks.addMany.bind(tasks)]
    vi.spyOn(tasks, 'addList').mockImplementation((list) => {
      order.push(`list ${list.name}`)
      return addList(list)
    })
    const written = vi.spyOn(tasks, 'addMany').mockImplementation((batch) => {
      order.push(`${String(batch.length)} tasks`)
      return addMany(batch)
    })
    const dialog = await importFile(user, fileOf('Tasks.json', fixture('takeout-lists.json')))
    expect(dialog).toHaveTextContent('9 tasks to add, 2 of them finished.')
    expect(itemsOf(within(dialog).getAllByRole('list')[0])).toEqual([
      'My tasks: 2 tasks',
      'work (your list): 3 tasks',
      'Groceries (new list): 4 tasks',
    ])
    order.length = 0
    await user.click(within(dialog).getByRole('button', { name: 'Add 9 tasks' }))
    // Groceries is made (listCreated, then its write), before the one batch naming it.
    expect(order).toEqual(['list Groceries', '9 tasks'])
    expect(store.getState().lists.entries.map(({ name }) => name)).toEqual(['work', 'Groceries'])
    const [work, groceries] = store.getState().lists.entries
    expect((written.mock.calls[0]?.[0] ?? []).map(({ task, list }) => [task, list])).toEqual([
      ['Renew the passport', null],
      ['Send the invoice', work?.id],
      ['Write the report', work?.id],
      ['Oat milk', groceries?.id],
      ['Bread', groceries?.id],
      ['Coffee beans', groceries?.id],
      ['Apples', groceries?.id],
      ['Book the dentist', null],
      ['Book the meeting room', work?.id],
    ])
    expect(linkNames()).toEqual(['My tasks 2', 'work 2', 'Groceries 4'])
    expect(rowTexts()).toEqual(['Water the plants', 'Renew the passport', 'Book the dentist'])
    await user.click(within(switcher()).getByRole('link', { name: /^Groceries/ }))
    expect(rowTexts()).toEqual(['Oat milk', 'Bread', 'Coffee beans', 'Apples'])
    const line = screen.getAllByRole('status').find((region) => region.matches('.account-line'))
    await waitFor(() => {
      expect(line).toHaveTextContent('Imported 9 tasks and 1 new list.')
    })
    // Undo takes the tasks back; the list it made stays, and the line says so.
    await user.click(within(line ?? document.body).getByRole('button', { name: 'Undo' }))
    expect(line).toHaveTextContent('Import undone: 9 tasks removed. Its new list stays.')
    expect(linkNames()).toEqual(['My tasks 1', 'work 0', 'Groceries 0'])
  })

  it('this app’s export names the lists, and a fresh account gets them back', async () => {
    // Planted on the server: Groceries holds two tasks; Someday none.
    const first = await renderSignedIn(<App />, [
      storedTask('a', false, 0, 'Renew the passport'),
      { ...storedTask('b', false, 1, 'Oat milk'), list: '3' },
      { ...storedTask('z', true, 2 ** 40, 'Bread'), list: '3' },
    ])
    for (const [id, name, rank] of [
      ['3', 'Groceries', 'a0'],
      ['17', 'Someday', 'a1'],
    ] as const) {
      await first.repository.lists.repository.addList({ id, name, rank, made: 'm' })
    }
    await waitFor(() => {
      expect(linkNames()).toEqual(['My tasks 1', 'Groceries 1', 'Someday 0'])
    })
    const files = recordDownloads()
    await chooseInSettings(first.user, 'Export tasks')
    const exporting = await screen.findByRole('dialog', { name: 'Export tasks' })
    expect(exporting).toHaveTextContent('3 tasks, 1 finished, in My tasks and 2 other lists.')
    await first.user.click(within(exporting).getByRole('button', { name: 'Download JSON' }))
    const text = await files[0]?.text
    first.unmount()

    const fresh = await renderSignedIn(<App />)
    const dialog = await importFile(fresh.user, fileOf('todo-tasks.json', text))
    expect(itemsOf(within(dialog).getAllByRole('list')[0])).toEqual([
      'My tasks: 1 task',
      'Groceries (new list): 2 tasks',
      'Someday (new list): no tasks',
    ])
    await fresh.user.click(within(dialog).getByRole('button', { name: 'Add 3 tasks' }))
    expect(linkNames()).toEqual(['My tasks 1', 'Groceries 1', 'Someday 0'])
    await waitFor(() => {
      expect(
        fresh.repository.lists
          .serverLists()
          .map(({ name }) => name)
          .sort(),
      ).toEqual(['Groceries', 'Someday'])
    })
    const slots = new Map(fresh.repository.lists.serverLists().map(({ id, name }) => [id, name]))
    await waitFor(() => {
      expect(
        fresh.repository.serverTasks(EMAIL).map(({ task, list }) => [task, slots.get(list ?? '')]),
      ).toEqual([
        ['Renew the passport', undefined],
        ['Oat milk', 'Groceries'],
        ['Bread', 'Groceries'],
      ])
    })
  })
})
