import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { createContext, memo, use, useMemo, useState } from 'react'
import { useAppSelector } from '../../../../app/hooks'
import { selectTaskById } from '../../model/tasksSlice'
import { TaskItem, type RowDrag, type RowProps } from './TaskItem'
import { ShownRows } from './rowKeys'
import type { RowMoves } from './useRowMoves'

// A chunk of its own, loaded once a list shows, so the first render carries neither dnd-kit nor
// the moves.

export { createRowMoves } from './rowMoves'

/** Whether the dragged row is finished; null while nothing is dragged. */
const DragRegion = createContext<boolean | null>(null)

const INSTRUCTIONS = {
  draggable:
    'To move the task, press Space to pick it up, the arrow keys to move it, Space again to ' +
    'drop it, or Escape to cancel. Alt+ArrowUp and Alt+ArrowDown move it one place.',
}

const name = (id: UniqueIdentifier) => String(id)
// Stable: new options would make new listeners for every row's handle.
const POINTER = { activationConstraint: { distance: 4 } }
const KEYS = { coordinateGetter: sortableKeyboardCoordinates }
// None while nothing is dragged, always the same array: no row re-renders for the library on a
// click (about 4 ms at 5,000 tasks otherwise).
const NOTHING_DRAGGED: string[] = []

/** In Alt+Arrow's words. A drag starts over its own place: said only on a return to it. */
function announcements(moves: RowMoves): Announcements {
  let lastOver: UniqueIdentifier | null = null
  const at = (id: UniqueIdentifier) => moves.position(name(id))
  return {
    onDragStart: ({ active }) => {
      lastOver = active.id
      return `Picked up ${moves.textOf(name(active.id))}, at ${at(active.id)}.`
    },
    onDragOver: ({ over }) => {
      if ((over?.id ?? null) === lastOver) return undefined
      lastOver = over?.id ?? null
      return over ? `Moving to ${at(over.id)}.` : 'Not over a place in its list.'
    },
    // Said once the drop has moved the task (onDragEnd below runs first).
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `Moved to ${at(active.id)}.`
        : `Not moved: still at ${at(active.id)}.`,
    onDragCancel: ({ active }) => `Move cancelled: back at ${at(active.id)}.`,
  }
}

/** Only this re-renders when the list changes: DndContext above it keeps its props. */
function SortableRows({ region }: { region: boolean | null }) {
  const shown = use(ShownRows)
  return (
    <SortableContext
      items={region === null || !shown ? NOTHING_DRAGGED : (shown.ids as string[])}
      strategy={verticalListSortingStrategy}
    >
      <DragRegion value={region}>{shown?.rows}</DragRegion>
    </SortableContext>
  )
}

/** A row is dragged by its handle within its region; a drop dispatches `moveTask`. */
export const Reorder = memo(function Reorder({
  moves,
  onDragging,
}: {
  moves: RowMoves
  onDragging: (id: string | null) => void
}) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYS))
  const [region, setRegion] = useState<boolean | null>(null)
  // Its live region and instructions go in the body: a list holds only rows.
  const accessibility = useMemo(
    () => ({
      announcements: announcements(moves),
      screenReaderInstructions: INSTRUCTIONS,
      container: document.body,
    }),
    [moves],
  )
  const end = () => {
    setRegion(null)
    onDragging(null)
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={accessibility}
      onDragStart={({ active }) => {
        setRegion(active.data.current?.finished === true)
        onDragging(name(active.id))
      }}
      onDragEnd={({ active, over }) => {
        end()
        if (over && over.id !== active.id) moves.drop(name(active.id), name(over.id))
      }}
      onDragCancel={end}
    >
      <SortableRows region={region} />
    </DndContext>
  )
})

export const SortableTaskItem = memo(function SortableTaskItem({ id }: RowProps) {
  const region = use(DragRegion)
  const finished = useAppSelector((state) => selectTaskById(state, id)?.isFinished ?? false)
  const sortable = useSortable({
    id,
    data: { finished },
    disabled: { draggable: false, droppable: region !== null && region !== finished },
  })
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = sortable
  const { transform, transition, isDragging } = sortable
  const transformed = CSS.Translate.toString(transform)
  const drag = useMemo<RowDrag>(
    () => ({
      rowRef: setNodeRef,
      handleRef: setActivatorNodeRef,
      handle: {
        ...listeners,
        'aria-describedby': attributes['aria-describedby'],
        'aria-roledescription': attributes['aria-roledescription'],
        'aria-pressed': attributes['aria-pressed'],
      },
      style: transformed ? { transform: transformed, transition } : undefined,
      dragging: isDragging,
    }),
    [setNodeRef, setActivatorNodeRef, listeners, attributes, transformed, transition, isDragging],
  )
  return <TaskItem id={id} drag={drag} />
})
