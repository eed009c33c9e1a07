import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TasksPage } from '../../../../src/app/App'
import { selectAllTasks } from '../../../../src/features/tasks/model/tasksSlice'
import { dueSentence } from '../../../../src/features/tasks/model/dueWords'
import { renderSignedIn } from '../../../support/render'

// The hint under the New task input: what it read as a date, and the one way to refuse it.

const input = () => screen.getByRole('textbox', { name: 'New task' })
/** In the test's locale: "Due tomorrow, Sat 28 Nov" in en-GB. */
const said = (due: string) => dueSentence(due, '2026-11-27')
const keep = (phrase: string) => screen.findByRole('button', { name: `Keep “${phrase}” as text` })

describe('a date typed in the New task input', () => {
  beforeEach(() => {
    // Friday 27 November 2026, 10:00 here; only Date, so the parser's chunk still loads.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 27, 10) })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('says what it read, describes the input with it, and adds the text without it', async () => {
    const { user, store, repository } = await renderSignedIn(<TasksPage />)
    await user.type(input(), 'buy milk tomorrow')
    await keep('tomorrow')
    expect(said('2026-11-28')).toMatch(/^Due tomorrow, Sat/)
    const sentence = screen.getByText(said('2026-11-28'))
    expect(sentence.closest('[role="status"]')).not.toBeNull()
    expect(input()).toHaveAccessibleDescription(said('2026-11-28'))
    await user.keyboard('{Enter}')
    expect(selectAllTasks(store.getState())).toMatchObject([
      { task: 'buy milk', due: '2026-11-28' },
    ])
    expect(repository.writes).toMatchObject([
      { kind: 'add', task: { task: 'buy milk', due: '2026-11-28' } },
    ])
    expect(input()).toHaveValue('')
    expect(screen.queryByRole('button', { name: /^Keep/ })).not.toBeInTheDocument()
  })

  it('with Keep as text, adds the text as typed and no date; focus stays in the input', async () => {
    const { user, store } = await renderSignedIn(<TasksPage />)
    await user.type(input(), 'Meet Friday')
    await user.click(await keep('Friday'))
    expect(screen.queryByText(/^Due/)).not.toBeInTheDocument()
    expect(input()).toHaveFocus()
    // Refused for this draft, as it goes on.
    await user.type(input(), ' the band')
    await user.click(screen.getByRole('button', { name: 'Add Task' }))
    expect(selectAllTasks(store.getState())).toMatchObject([
      { task: 'Meet Friday the band', due: null },
    ])
  })

  it('Escape in the input refuses it too; another date typed after is offered', async () => {
    const { user, store } = await renderSignedIn(<TasksPage />)
    await user.type(input(), 'plant roses in May')
    await keep('May')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('button', { name: /^Keep/ })).not.toBeInTheDocument()
    expect(input()).toHaveValue('plant roses in May')
    await user.type(input(), ' on the 1st')
    await keep('the 1st')
    expect(screen.getByText(said('2026-12-01'))).toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(selectAllTasks(store.getState())).toMatchObject([
      { task: 'plant roses in May', due: '2026-12-01' },
    ])
  })

  it('a new draft may be offered the refused phrase again', async () => {
    const { user } = await renderSignedIn(<TasksPage />)
    await user.type(input(), 'call fri 5pm')
    await user.keyboard('{Escape}')
    await user.clear(input())
    await user.type(input(), 'call fri 5pm')
    await keep('fri 5pm')
  })
})
