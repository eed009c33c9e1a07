import { act, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { App } from '../../src/app/App'
import { dayOf } from '../../src/features/tasks/model/due'
import { FINISHED_ORDER_BASE } from '../../src/features/tasks/model/ordering'
import { selectTaskById, selectTaskIds } from '../../src/features/tasks/model/tasksSlice'
import type { Task } from '../../src/services/types'
import { renderSignedIn } from '../support/render'
import { renderCounter } from '../support/renders'
import { storedTask } from '../support/store'

// What one tick re-renders, counted (tests/support/renders.tsx counts as React DevTools'
// "Highlight updates" does): the whole app, signed in, with 1,000 tasks (t0 … t899 open,
// t900 … t999 finished), so the list is windowed; t3's toggle is clicked. The counts are exact,
// so a change that draws more fails here. docs/architecture.md's tick walk quotes them.

// A thousand tasks loaded and drawn in jsdom, three times: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 })

const TASKS = 1000
const FINISHED_FROM = 900

function tasks(t3: Partial<Task> = {}): Task[] {
  return Array.from({ length: TASKS }, (_, i) => {
    const id = `t${String(i)}`
    const task =
      i >= FINISHED_FROM ? storedTask(id, true, FINISHED_ORDER_BASE + i) : storedTask(id, false, i)
    return id === 't3' ? { ...task, ...t3 } : task
  })
}
const repeating = () => tasks({ due: dayOf(new Date()), repeat: 'FREQ=DAILY' })

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))
const drawnRows = () =>
  screen.getByRole('list', { name: 'Tasks' }).querySelectorAll(':scope > li[data-task-id]')

function toggleOf(id: string) {
  const row = [...drawnRows()].find((item) => item.getAttribute('data-task-id') === id)
  if (!(row instanceof HTMLElement)) throw new Error(`Row ${id} is not drawn`)
  return within(row).getByRole('button', { name: /^Mark as/ })
}

/**
 * The app with `stored`, counted from the click on t3's toggle (focused before, as after Tab or
 * an earlier click, unless `focused` is false) until all the tick set off has drawn: the server's
 * echo, the list's hidden text after the next paint, and past the sync line's one second.
 */
async function tick(stored: Task[], { focused = true } = {}) {
  const counter = renderCounter()
  const page = await renderSignedIn(counter.wrap(<App />), stored)
  await wait(100)
  const toggle = toggleOf('t3')
  if (focused) {
    act(() => {
      toggle.focus()
    })
    await wait(100)
  }
  counter.start(page.container)
  await page.user.click(toggle)
  await wait(1100)
  return { ...page, counter }
}

/** A row's own components, as TaskItem draws them: its three icons, its menu, its unsaved mark. */
const ROW = { TaskItem: 1, Icon: 3, RowMenu: 1, UnsavedMark: 1 }

describe('one tick at 1,000 tasks', () => {
  it('done, the task moves to the end: the list, the counts, and the moved row drawn anew', async () => {
    const { counter, store } = await tick(tasks())
    expect(selectTaskIds(store.getState()).at(-1)).toBe('t3')
    expect(selectTaskById(store.getState(), 't3')?.isFinished).toBe(true)
    // About 40 of the 1,000 rows are drawn (the window, the first and the last, the focused
    // row's neighbours); none of them re-renders.
    expect(drawnRows().length).toBeGreaterThan(30)
    expect(counter.ids('TaskItem', 'updated')).toEqual([])
    expect(counter.commits).toHaveLength(3)
    // 1. The tick. The new ids reach the list (ShownTaskList in App.tsx, through useShownTasks),
    // which draws again its toolbar (the open count), the rows' container and what sits under
    // it, and the status line's refused deletes; Find draws its counts. Not the form, nor the
    // page around them.
    expect(counter.count('updated', 0)).toEqual({
      ShownTaskList: 1,
      FindBar: 1,
      TaskList: 1,
      ListToolbar: 1,
      TaskRows: 1,
      SortableRows: 1,
      SortableContext: 1,
      MoveStatus: 1,
      UnsavedDeletes: 1,
    })
    // The moved row is drawn anew at the end, under a new key (rowKeys.ts: a move is a removal
    // and an insertion, so no other row moves in the DOM); t30 comes into the window as t3
    // leaves its place.
    expect(counter.ids('TaskItem', 'unmounted')).toEqual(['t3'])
    expect(counter.ids('TaskItem', 'mounted').sort()).toEqual(['t3', 't30'])
    expect(counter.count('unmounted', 0)).toEqual({ ...ROW, SortableTaskItem: 1 })
    expect(counter.count('mounted', 0)).toEqual({
      SortableTaskItem: 2,
      TaskItem: 2,
      Icon: 6,
      RowMenu: 2,
      UnsavedMark: 2,
    })
    // 2. dnd-kit's own, as the new rows' sortables register and the old one's goes.
    expect(counter.count('updated', 1)).toEqual({
      DndContext: 1,
      SortableContext: 1,
      RestoreFocus: 1,
      Accessibility: 1,
      HiddenText: 1,
      LiveRegion: 1,
    })
    // 3. After the paint, the text of the rows not drawn (for find-in-page), in the container.
    expect(counter.count('updated', 2)).toEqual({
      TaskRows: 1,
      SortableRows: 1,
      SortableContext: 1,
      MoveStatus: 1,
      HiddenRowsText: 2,
    })
    expect(counter.count('unmounted', 2)).toEqual({ HiddenTextChunk: 1 })
  })

  it('of a repeating task, which stays in its place: its row, the Today count and the Undo offer alone', async () => {
    const { counter, store } = await tick(repeating())
    expect(selectTaskIds(store.getState()).indexOf('t3')).toBe(3)
    expect(selectTaskById(store.getState(), 't3')?.isFinished).toBe(false)
    expect(counter.count('mounted')).toEqual({})
    expect(counter.count('unmounted')).toEqual({})
    expect(counter.ids('TaskItem', 'updated')).toEqual(['t3'])
    // One commit: the row, with its date now tomorrow; Find's Today count, one fewer (the open
    // count is the same); "Undo" for the date moved on. Nothing else: the list's container
    // reads the tasks for the text of the rows not drawn, not selects them (useHiddenText.ts).
    expect(counter.commits).toHaveLength(1)
    expect(counter.count('updated')).toEqual({ ...ROW, DueLabel: 1, FindBar: 1, UndoBar: 1 })
  })

  it('clicked on a row not focused: the focus is a commit of the list before the tick, and one after', async () => {
    const { counter } = await tick(repeating(), { focused: false })
    expect(counter.commits).toHaveLength(3)
    const list = { TaskRows: 1, SortableRows: 1, SortableContext: 1, MoveStatus: 1 }
    // 1. The focus: the list pins the focused row (and its neighbours), to keep it drawn.
    expect(counter.count('updated', 0)).toEqual(list)
    // 2. The tick, as above.
    expect(counter.count('updated', 1)).toEqual({ ...ROW, DueLabel: 1, FindBar: 1, UndoBar: 1 })
    // 3. After the paint, the text of the rows not drawn, made again for the rows now pinned.
    expect(counter.count('updated', 2)).toEqual({ ...list, HiddenRowsText: 2 })
  })
})
