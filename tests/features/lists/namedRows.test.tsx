import { waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { TasksPage } from '../../../src/app/App'
import { addDays, dayOf } from '../../../src/features/tasks/model/due'
import { renderSignedIn } from '../../support/render'
import { row, rowTexts } from '../../support/rows'
import { storedTask } from '../../support/store'
import { listEntry, renderWithLists } from './support'

// The whole page in jsdom: up to 6 s a test beside two busy loops.
vi.setConfig({ testTimeout: 20_000 })

// Today and Upcoming gather every list's dated tasks; while there is a list besides My tasks,
// each row names its own list beside its date, My tasks too, and a screen reader hears it.

const today = dayOf(new Date())
const dated = (id: string, text: string, due: string, list: string | null) => ({
  ...storedTask(id, false, Number(id.slice(1)), text),
  due,
  list,
})
const tasks = () => [
  dated('t0', 'Pay the gas bill', addDays(today, -1), null),
  dated('t1', 'Buy oat milk', today, '5'),
  dated('t2', 'Send the slides', addDays(today, 3), '9'),
  { ...storedTask('t3', false, 3, 'Read a novel'), list: '5' },
]
const listLine = (text: string) => row(text).querySelector('.task-due')
const named = (text: string) => row(text).querySelector('.task-list-name')?.textContent
const hidden = (text: string) => listLine(text)?.querySelector('.visually-hidden')?.textContent

beforeEach(() => {
  history.replaceState(null, '', '/todo/#/upcoming')
})

describe('rows naming their list', () => {
  it('on Upcoming and Today: every row, My tasks too, seen beside the date and heard after it', async () => {
    await renderWithLists(<TasksPage />, tasks(), [
      listEntry('5', 'Groceries', 'a0'),
      listEntry('9', 'Work', 'a1'),
    ])
    expect(rowTexts()).toEqual(['Pay the gas bill', 'Buy oat milk', 'Send the slides'])
    expect(listLine('Buy oat milk')?.querySelector('[aria-hidden]')?.textContent).toBe(
      'Today · Groceries',
    )
    expect(named('Send the slides')).toBe(' · Work')
    expect(named('Pay the gas bill')).toBe(' · My tasks')
    expect(hidden('Buy oat milk')).toMatch(/^Due today.*\. In Groceries$/)
    const [edit] = within(row('Buy oat milk')).getAllByRole('button', { name: 'Edit' })
    expect(edit).toHaveAccessibleDescription(/^Buy oat milk Due today.*\. In Groceries$/)

    history.replaceState(null, '', '/todo/#/today')
    dispatchEvent(new HashChangeEvent('hashchange'))
    await waitFor(() => {
      expect(rowTexts()).toEqual(['Pay the gas bill', 'Buy oat milk'])
    })
    expect(named('Buy oat milk')).toBe(' · Groceries')
  })

  it('not in a list’s own All, Open and Finished, nor for a person with My tasks alone', async () => {
    history.replaceState(null, '', '/todo/#/lists/5')
    const { unmount } = await renderWithLists(<TasksPage />, tasks(), [
      listEntry('5', 'Groceries', 'a0'),
    ])
    expect(rowTexts()).toEqual(['Buy oat milk', 'Read a novel'])
    expect(document.querySelector('.task-list-name')).toBeNull()
    unmount()
    history.replaceState(null, '', '/todo/#/upcoming')
    await renderSignedIn(<TasksPage />, tasks())
    expect(rowTexts()).toEqual(['Pay the gas bill', 'Buy oat milk', 'Send the slides'])
    expect(document.querySelector('.task-list-name')).toBeNull()
  })
})
