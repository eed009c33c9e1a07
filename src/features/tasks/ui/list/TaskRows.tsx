import './list.css'
import {
  memo,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type RefObject,
} from 'react'
import { HiddenRowsText } from './HiddenText'
import { segments } from './listWindow'
import { MoveStatus, useAnnouncer } from './MoveStatus'
import { rowKey, ShownRows, useRowKeys } from './rowKeys'
import { TaskItem } from './TaskItem'
import { useFocusedRow, type FocusedRow } from './useFocusedRow'
import { useHiddenText } from './useHiddenText'
import { useListWindow } from './useListWindow'
import { useReorderKit } from './useReorderKit'
import { useReveal, type Reveal } from './useReveal'
import { RowMovesContext, useRowMoves } from './useRowMoves'

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
 *   scrolls natively. Rows carry aria-posinset and aria-setsize (usePlaces). The text of the
 *   rows not drawn stays in the page, hidden until found, so find-in-page still finds every
 *   task; a match there brings its row into view (useHiddenText.ts).
 * - Shorter lists render every row, plainly.
 * - A row moves by its Reorder handle (dragged: reorder.tsx, loaded once the list shows), by
 *   Alt+ArrowUp and Alt+ArrowDown, or by its menu's Move up and Move down (useRowMoves.ts),
 *   among the rows in `ids`; the list's own status line says where it went. The row being
 *   dragged stays drawn wherever the page scrolls, as the focused row does.
 *
 * Memoized: the list's other state (the dialog, Undo) does not render the rows again.
 */
export const TaskRows = memo(function TaskRows({ ids, focus, reveal = null }: TaskRowsProps) {
  const listRef = useRef<HTMLUListElement>(null)
  const keys = useRowKeys(ids)
  const kit = useReorderKit()
  const focusedId = useFocusedRow(listRef, ids, keys, focus, kit)
  const [draggedId, setDraggedId] = useState<string | null>(null)
  const dragging = useRef(false)
  const onDragging = useCallback((id: string | null) => {
    dragging.current = id !== null
    setDraggedId(id)
  }, [])
  const announcer = useAnnouncer()
  const moves = useRowMoves(listRef, ids, announcer, dragging, kit?.createRowMoves ?? null)
  const listWindow = useListWindow(listRef, ids, focusedId, draggedId)
  const { windowed, offsets, range, pinned, gap, pitch, committed } = listWindow
  const hiddenText = useHiddenText(listRef, ids, listWindow)
  useReveal(listRef, committed, reveal)

  const Row = kit?.SortableTaskItem ?? TaskItem
  const places = new Map<string, number>()
  const row = (index: number) => {
    const id = ids[index] ?? ''
    places.set(id, index + 1)
    return <Row key={rowKey(keys, id)} id={id} />
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

  usePlaces(listRef, windowed ? places : null, ids.length)

  return (
    <RowMovesContext value={moves}>
      <ul ref={listRef} className="task-list" aria-label="Tasks">
        {kit && moves ? (
          <ShownRows value={{ ids, rows: children }}>
            <kit.Reorder moves={moves} onDragging={onDragging} />
          </ShownRows>
        ) : (
          children
        )}
      </ul>
      <MoveStatus announcer={announcer} />
    </RowMovesContext>
  )
})

/**
 * Each drawn row's aria-posinset and aria-setsize in a windowed list, written after each commit
 * rather than passed as props: an add or a move changes them for every row drawn below it, and
 * rendering those rows again (each with its drag hooks) cost more than the click itself.
 */
function usePlaces(
  listRef: RefObject<HTMLUListElement | null>,
  places: ReadonlyMap<string, number> | null,
  count: number,
) {
  useLayoutEffect(() => {
    const rows = listRef.current?.querySelectorAll<HTMLElement>(':scope > [data-task-id]') ?? []
    for (const row of rows) {
      const place = places?.get(row.dataset.taskId ?? '')
      if (place === undefined) {
        row.removeAttribute('aria-posinset')
        row.removeAttribute('aria-setsize')
      } else {
        row.setAttribute('aria-posinset', String(place))
        row.setAttribute('aria-setsize', String(count))
      }
    }
  })
}
