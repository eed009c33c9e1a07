import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_ROW_GAP,
  DEFAULT_ROW_HEIGHT,
} from '../../../../../src/features/tasks/ui/list/listWindow'
import { FINISHED_ORDER_BASE } from '../../../../../src/features/tasks/model/ordering'
import { TaskList } from '../../../../../src/features/tasks/ui/TaskList'
import { TasksPage } from '../../../../../src/app/App'
import { renderSignedIn } from '../../../../support/render'
import { changed, snapshotOf, storedTask } from '../../../../support/store'

// Windowed lists of a thousand rows in jsdom: up to 9 s a test beside two busy loops.
vi.setConfig({ testTimeout: 30_000 })

// jsdom lays nothing out: the list sees a viewport at its top (innerHeight 768) and rows of
// the estimated height, and the tests move the "viewport" by stubbing the list's position on
// the page.
const PITCH = DEFAULT_ROW_HEIGHT + DEFAULT_ROW_GAP

/** `count` tasks t0, t1, …; from `finishedFrom` on, finished. */
function tasks(count: number, finishedFrom = count) {
  return Array.from({ length: count }, (_, i) =>
    i >= finishedFrom
      ? storedTask(`t${String(i)}`, true, FINISHED_ORDER_BASE + i)
      : storedTask(`t${String(i)}`, false, i),
  )
}

function renderList(count: number, finishedFrom = count) {
  return renderSignedIn(<TaskList />, tasks(count, finishedFrom))
}

const list = () => screen.getByRole('list', { name: 'Tasks' })
const rows = () => within(list()).getAllByRole('listitem')
const rowOf = (id: string) => {
  const found = rows().find((row) => row.textContent.includes(`Task ${id}`))
  if (!found) throw new Error(`Row ${id} is not drawn`)
  return found
}
const positions = () => rows().map((row) => Number(row.getAttribute('aria-posinset')))

/** Puts the viewport `y` px below the list's top, as scrolling there would, and scrolls. */
function scrollListTo(y: number) {
  vi.spyOn(list(), 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -y, 600, 0))
  act(() => {
    fireEvent.scroll(window)
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a long task list', () => {
  it('draws the rows near the viewport, the first and the last, each with its place in the list', async () => {
    await renderList(1000)
    const drawn = positions()
    expect(drawn.length).toBeGreaterThan(15)
    expect(drawn.length).toBeLessThan(80)
    expect(drawn.slice(0, 15)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1))
    expect(drawn.at(-1)).toBe(1000)
    for (const row of rows()) expect(row).toHaveAttribute('aria-setsize', '1000')
    // What stands in for the other rows is hidden from assistive technology.
    const spacers = list().querySelectorAll('li.task-spacer')
    expect(spacers.length).toBeGreaterThan(0)
    for (const spacer of spacers) expect(spacer).toHaveAttribute('aria-hidden', 'true')
  })

  it('draws later rows as the page scrolls, and keeps the focused row drawn', async () => {
    await renderList(1000)
    const toggle = within(rowOf('t1')).getByRole('button', { name: 'Mark as complete' })
    act(() => {
      toggle.focus()
    })
    scrollListTo(500 * PITCH) // row 501 at the top of the viewport
    expect(positions()).toContain(501)
    expect(positions()).toContain(510)
    expect(positions()).not.toContain(100)
    // The focused row and its neighbours stay, so focus stays and Tab goes on from it.
    expect(positions().slice(0, 3)).toEqual([1, 2, 3])
    expect(toggle).toHaveFocus()
  })

  it('renders short lists whole, without positions', async () => {
    await renderList(150)
    expect(rows()).toHaveLength(150)
    expect(rows()[0]).not.toHaveAttribute('aria-posinset')
    expect(list().querySelector('li.task-spacer')).toBeNull()
  })
})

describe('a moved row', () => {
  it('marked incomplete from the end of a long list: at the top, still focused, others untouched', async () => {
    const { user } = await renderList(1000, 500)
    const secondRow = rowOf('t1')
    const last = within(rowOf('t999')).getByRole('button', { name: 'Mark as incomplete' })
    await user.click(last)
    expect(rows()[0]).toHaveTextContent('Task t999')
    expect(positions().slice(0, 3)).toEqual([1, 2, 3])
    expect(within(rowOf('t999')).getByRole('button', { name: 'Mark as complete' })).toHaveFocus()
    // The other rows were not moved or drawn again: the same element, one place down.
    expect(rowOf('t1')).toBe(secondRow)
    expect(secondRow).toHaveAttribute('aria-posinset', '3')
  })

  it('marked done in a short list: at the end, focus still on its toggle', async () => {
    const { user } = await renderList(3)
    await user.click(within(rowOf('t0')).getByRole('button', { name: 'Mark as complete' }))
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('Task t1'),
      expect.stringContaining('Task t2'),
      expect.stringContaining('Task t0'),
    ])
    expect(within(rowOf('t0')).getByRole('button', { name: 'Mark as incomplete' })).toHaveFocus()
  })
})

describe('find-in-page in a long list', () => {
  const hiddenChunks = () =>
    Array.from(list().querySelectorAll<HTMLElement>('li.task-hidden-text p'))
  const hiddenLines = () => hiddenChunks().flatMap((chunk) => chunk.textContent.split('\n'))
  const chunkWith = (text: string) => {
    const found = hiddenChunks().find((chunk) => chunk.textContent.split('\n').includes(text))
    if (!found) throw new Error(`No hidden text ${text}`)
    return found
  }

  it('keeps the text of the rows not drawn in the page, hidden until found', async () => {
    await renderList(1000)
    await waitFor(() => {
      expect(hiddenLines()).toContain('Task t500')
    })
    const chunk = chunkWith('Task t500')
    expect(chunk).toHaveAttribute('hidden', 'until-found')
    expect(chunk.parentElement).toHaveAttribute('hidden', 'until-found')
    expect(chunk.closest('li')).toHaveAttribute('aria-hidden', 'true')
    // Every row is either drawn or in the hidden text, never both (a search would find it twice).
    expect(hiddenLines()).not.toContain('Task t0')
    expect(hiddenLines()).not.toContain('Task t999')
    expect(hiddenLines().length + rows().length).toBe(1000)
  })

  it('moves a chunk found there to its rows, where the browser then scrolls', async () => {
    await renderList(1000)
    await waitFor(() => {
      expect(hiddenLines()).toContain('Task t500')
    })
    const chunk = chunkWith('Task t500')
    const holder = chunk.closest('li')
    if (!holder) throw new Error('no hidden text')
    const firstRow = Number(chunk.dataset.firstTask?.slice(1))
    // What the browser does on a match: beforematch, then it shows the text and scrolls to it.
    act(() => {
      chunk.dispatchEvent(new Event('beforematch', { bubbles: true }))
      chunk.removeAttribute('hidden')
    })
    expect(holder.style.top).toBe(`${String(firstRow * PITCH)}px`)
    // Its lines are a row apart: the match is where its row belongs.
    expect(chunk.parentElement?.style.lineHeight).toBe(`${String(PITCH)}px`)
    scrollListTo(500 * PITCH - 300)
    expect(rowOf('t500')).toHaveAttribute('aria-posinset', '501')
    await waitFor(() => {
      expect(chunk).toHaveAttribute('hidden', 'until-found')
    })
    expect(holder.style.top).toBe('')
  })

  it('follows a change to a task not drawn, made elsewhere', async () => {
    // In the page, whose rows are the same array while their order is (Find's selectors).
    const { store } = await renderSignedIn(<TasksPage />, tasks(1000))
    await waitFor(() => {
      expect(hiddenLines()).toContain('Task t500')
    })
    act(() => {
      store.dispatch(snapshotOf([changed(storedTask('t500', false, 500, 'Renamed'))]))
    })
    await waitFor(() => {
      expect(hiddenLines()).toContain('Renamed')
    })
    expect(hiddenLines()).not.toContain('Task t500')
    expect(hiddenLines().length + rows().length).toBe(1000)
  })
})
