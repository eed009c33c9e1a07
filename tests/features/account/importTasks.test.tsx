import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { App } from '../../../src/app/App'
import { connectivityLost } from '../../../src/app/hooks'
import { renderSignedIn } from '../../support/render'
import { rowTexts } from '../../support/rows'
import { EMAIL, storedTask } from '../../support/store'
import { fixture } from './formats/fixtures'
import { importFile } from './support'

const fileOf = (name: string, text = fixture(name)) => new File([text], name)
const itemsOf = (list: HTMLElement | undefined) =>
  list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : []
/** The account's line below the header. */
function accountLine(): HTMLElement {
  const line = screen.getAllByRole('status').find((region) => region.matches('.account-line'))
  if (!line) throw new Error('No account line')
  return line
}

const here = [
  storedTask('a', false, 0, 'Plant the tulip bulbs'),
  storedTask('b', false, 1, 'Walk the dog'),
  storedTask('z', true, 2 ** 40, 'Mow the lawn'),
]

describe('Import tasks', { timeout: 20_000 }, () => {
  it('shows what a Takeout file will add, leave out and where, then adds each where it belongs', async () => {
    const { user, repository } = await renderSignedIn(<App />, here)
    const dialog = await importFile(user, fileOf('Tasks.json'))
    expect(dialog).toHaveTextContent('From “Tasks.json” (Google Tasks):')
    expect(dialog).toHaveTextContent('5 tasks to add, 2 of them finished.')
    expect(dialog).toHaveTextContent('Where they go:')
    expect(dialog).toHaveTextContent('2 tasks left out:')
    const [where, leftOut, notKept] = within(dialog).getAllByRole('list')
    // Its "My Tasks" is My tasks; its Garden a new list, so the tulips there are not the same.
    expect(itemsOf(where)).toEqual(['My tasks: 2 tasks', 'Garden (new list): 3 tasks'])
    expect(itemsOf(leftOut)).toEqual(['1 with no text', '1 deleted in Google Tasks'])
    expect(dialog).toHaveTextContent('Not kept:')
    expect(itemsOf(notKept)).toEqual(['notes on 1 task'])
    await user.click(within(dialog).getByRole('button', { name: 'Add 5 tasks' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // My tasks is shown: its own, with the file's My Tasks after them.
    const list = [
      'Plant the tulip bulbs',
      'Walk the dog',
      'Renew the passport',
      'Mow the lawn',
      'Book the dentist',
    ]
    expect(rowTexts()).toEqual(list)
    // The list, then one batch of tasks, written as the actions said.
    expect(repository.lists.writes.map(({ kind }) => kind)).toEqual(['add'])
    expect(repository.writes.map(({ kind }) => kind)).toEqual(['addMany'])
    const [garden] = repository.lists.serverLists()
    expect(garden?.name).toBe('Garden')
    await waitFor(() => {
      expect(repository.serverTasks(EMAIL).map(({ task, list }) => [task, list])).toEqual([
        ['Plant the tulip bulbs', null],
        ['Walk the dog', null],
        ['Renew the passport', null],
        ['Plant the tulip bulbs', garden?.id],
        ['Sharpen the shears', garden?.id],
        ['Mow the lawn', null],
        ['Book the dentist', null],
        ['Rake the leaves', garden?.id],
      ])
    })
    // Its due date is kept: the day Google Tasks shows.
    expect(
      repository.serverTasks(EMAIL).find(({ task }) => task === 'Renew the passport')?.due,
    ).toBe('2026-12-01')
    await waitFor(() => {
      expect(accountLine()).toHaveTextContent('Imported 5 tasks and 1 new list.')
    })
    expect(rowTexts()).toEqual(list)
  })

  it('adds 1,201 tasks in slices, writes them in batches of 50, and counts them as saved', async () => {
    const { user, repository, store } = await renderSignedIn(<App />)
    repository.holdWrites()
    const many = Array.from({ length: 1201 }, (_, i) => `t${String(i)},Task ${String(i)},false,`)
    const dialog = await importFile(
      user,
      fileOf('many.csv', ['id,text,finished,place', ...many].join('\n')),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Add 1,201 tasks' }))
    // Each slice's batches are written as it comes (listeners.ts), the last a batch of one.
    const sizes = () =>
      repository.writes.map((write) => (write.kind === 'addMany' ? write.tasks.length : 0))
    await waitFor(() => {
      expect(sizes()).toEqual([...Array<number>(24).fill(50), 1])
    })
    expect(store.getState().tasks.ids).toHaveLength(1201)
    expect(accountLine()).toHaveTextContent('Importing 1,201 tasks: 0 saved…')
    repository.acknowledgeHeld(10)
    await waitFor(() => {
      expect(accountLine()).toHaveTextContent('Importing 1,201 tasks: 500 saved…')
    })
    repository.acknowledgeHeld()
    await waitFor(() => {
      expect(accountLine()).toHaveTextContent('Imported 1,201 tasks.')
    })
    expect(repository.serverTasks(EMAIL)).toHaveLength(1201)
  })

  it('offline, adds the tasks at once and says they will be sent', async () => {
    const { user, repository, store } = await renderSignedIn(<App />, here)
    repository.holdWrites()
    repository.serverReachable = false
    store.dispatch(connectivityLost())
    const dialog = await importFile(user, fileOf('todo-tasks-2026-11-27.csv'))
    await user.click(within(dialog).getByRole('button', { name: 'Add 4 tasks' }))
    expect(rowTexts()).toContain('=1+1 is two')
    expect(accountLine()).toHaveTextContent(
      'Imported 4 tasks. Offline: they are kept on this device and will be sent.',
    )
  })

  it('a refused batch is marked in its rows, with the spec’s message, never undone', async () => {
    const { user, repository } = await renderSignedIn(<App />)
    repository.refuseWrites('permission-denied')
    const dialog = await importFile(user, fileOf('todo-tasks-2026-11-27.json'))
    await user.click(within(dialog).getByRole('button', { name: 'Add 3 tasks' }))
    await waitFor(() => {
      expect(accountLine()).toHaveTextContent('Imported 3 tasks; 3 were not saved.')
    })
    expect(rowTexts()).toEqual(['Water the plants', 'Call the plumber', 'Buy oat milk'])
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(3)
  })

  it.each([
    ['not-tasks.png', '“not-tasks.png” is not a JSON or CSV file. Nothing was added.'],
    ['broken.json', '“broken.json” is not valid JSON. Nothing was added.'],
    [
      'wrong-shape.json',
      '“wrong-shape.json” is not a file this app can import: it is neither an export of this app nor Google Tasks’ Tasks.json. Nothing was added.',
    ],
    [
      'newer-version.json',
      '“newer-version.json” was made by a newer version of this app (format 2); this one reads format 1. Nothing was added.',
    ],
  ])(
    'a bad file (%s) gets one message naming what is wrong, and nothing is added',
    async (name, said) => {
      const { user, repository } = await renderSignedIn(<App />, here)
      const dialog = await importFile(user, fileOf(name))
      expect(within(dialog).getByRole('alert')).toHaveTextContent(said)
      await user.click(within(dialog).getByRole('button', { name: 'Close' }))
      expect(rowTexts()).toHaveLength(3)
      expect(repository.writes).toEqual([])
    },
  )

  it('a file over 10 MB is refused before it is read', async () => {
    const { user } = await renderSignedIn(<App />)
    const big = fileOf('big.json', '')
    Object.defineProperty(big, 'size', { value: 12_500_000 })
    const dialog = await importFile(user, big)
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '“big.json” is over 10 MB (12.5 MB). Nothing was added.',
    )
  })
})
