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
import { useStatusHeight } from './statusClearance'
import { RowMovesContext, useRowMoves } from './useRowMoves'
// The Edit dialog opens only from a row: it comes with the rows, after the first render.
export { TaskEditor } from '../EditTaskDialog'
export { MoveToListDialog } from '../MoveToListDialog'

interface TaskRowsProps {
  ids: readonly string[]
  /** The list's owner reads it when the last row goes. */
  focus: RefObject<FocusedRow | null>
  reveal?: Reveal | null
}

/** The rows in list order (DOM order is visual order); windowed past WINDOW_MIN_ROWS. */
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
  useStatusHeight()
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

/** Written, not passed as props: re-rendering every row below an add cost more than the click. */
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
