import './list.css'
import { memo, useRef, type ReactElement, type RefObject } from 'react'
import { HiddenRowsText } from './HiddenText'
import { segments } from './listWindow'
import { rowKey } from './rowKeys'
import { TaskItem } from './TaskItem'
import { useFocusedRow, type FocusedRow } from './useFocusedRow'
import { useHiddenText } from './useHiddenText'
import { useListWindow } from './useListWindow'
import { useReveal, type Reveal } from './useReveal'
import { useRowKeys } from './useRowKeys'

interface TaskRowsProps {
  ids: readonly string[]
  /** Where focus is in the list; the list's owner reads it when the last row goes. */
  focus: RefObject<FocusedRow | null>
  /** This device's new task, to bring into view and highlight. */
  reveal?: Reveal | null
}

/**
 * The rows of the task list, in list order: DOM order is visual order.
 *
 * - A row that moves (to the end when done, to the top when incomplete) gets a new key, so
 *   React removes and inserts one row instead of moving every row in between (rowKeys.ts); if
 *   the row held focus, the same button gets it back, without scrolling; a row that goes
 *   hands focus to the next one (useFocusedRow.ts).
 * - Lists longer than WINDOW_MIN_ROWS are windowed (useListWindow.ts). Only the rows near the
 *   viewport are rendered, plus the first and last rows and the focused row with its
 *   neighbours: Tab from the page or from a row reaches the next row, and focus survives
 *   scrolling. Spacers as tall as the rows they replace keep the page's height, so the page
 *   scrolls natively. Rows carry aria-posinset and aria-setsize. The text of the rows not
 *   drawn stays in the page, hidden until found, so find-in-page still finds every task; a
 *   match there brings its row into view (useHiddenText.ts).
 * - Shorter lists render every row, plainly.
 *
 * Memoized: the list's other state (the dialog, Undo) does not render the rows again.
 */
export const TaskRows = memo(function TaskRows({ ids, focus, reveal = null }: TaskRowsProps) {
  const listRef = useRef<HTMLUListElement>(null)
  const keys = useRowKeys(ids)
  const focusedId = useFocusedRow(listRef, ids, keys, focus)
  const listWindow = useListWindow(listRef, ids, focusedId)
  const { windowed, offsets, range, pinned, gap, pitch, committed } = listWindow
  const hiddenText = useHiddenText(listRef, ids, listWindow)
  useReveal(listRef, committed, reveal)

  const count = ids.length
  const row = (index: number) => {
    const id = ids[index] ?? ''
    return windowed ? (
      <TaskItem key={rowKey(keys, id)} id={id} posInSet={index + 1} setSize={count} />
    ) : (
      <TaskItem key={rowKey(keys, id)} id={id} />
    )
  }

  let children: ReactElement[]
  if (!offsets) {
    children = ids.map((_id, index) => row(index))
  } else {
    const hiddenTextItem = (which: 'above' | 'below') => (
      <HiddenRowsText
        key={`text:${which}`}
        chunks={hiddenText[which]}
        tasks={hiddenText.tasks}
        pitch={pitch}
      />
    )
    children = []
    for (const segment of segments(offsets, gap, range, pinned)) {
      if (segment.kind === 'spacer') {
        const before = segment.before === null ? undefined : ids[segment.before]
        children.push(
          <li
            key={before === undefined ? 'gap:end' : `gap:${rowKey(keys, before)}`}
            className="task-spacer"
            aria-hidden="true"
            style={{ height: segment.height }}
          />,
        )
        continue
      }
      if (segment.index === range.start) children.push(hiddenTextItem('above'))
      children.push(row(segment.index))
      if (segment.index === range.end - 1) children.push(hiddenTextItem('below'))
    }
  }

  return (
    <ul ref={listRef} className="task-list" aria-label="Tasks">
      {children}
    </ul>
  )
})
