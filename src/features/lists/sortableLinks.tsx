import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useMemo, useRef, type ReactNode } from 'react'
import type { LinkDrag } from './ListLink'
import type { ListMoves } from './listMoves'

// A chunk of its own (dnd-kit), loaded once the switcher shows: the lists' links dragged. It
// imports nothing the first render has (the link comes as `render`, the places with `moves`):
// a module shared with it would split the first render's chunks, and weigh more.

const name = (id: UniqueIdentifier) => String(id)
const INSTRUCTIONS = {
  draggable:
    'To move the list, press Space to pick it up, the arrow keys to move it, Space again to ' +
    'drop it, or Escape to cancel. Alt+ArrowLeft and Alt+ArrowRight move it one place.',
}

/** In Alt+Arrow's words. A drag starts over its own place: said only on a return to it. */
function announcements(moves: ListMoves): Announcements {
  let lastOver: UniqueIdentifier | null = null
  const at = (id: UniqueIdentifier) => moves.position(name(id))
  return {
    onDragStart: ({ active }) => {
      lastOver = active.id
      return `Picked up ${moves.nameOf(name(active.id))}, at ${at(active.id)}.`
    },
    onDragOver: ({ over }) => {
      if ((over?.id ?? null) === lastOver) return undefined
      lastOver = over?.id ?? null
      return over ? `Moving to ${at(over.id)}.` : 'Not over a place among the lists.'
    },
    // Said once the drop has moved the list (onDragEnd below runs first).
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? moves.movedWords(name(active.id))
        : `Not moved: still at ${at(active.id)}.`,
    onDragCancel: ({ active }) => `Move cancelled: back at ${at(active.id)}.`,
  }
}
// Stable: new options would make new listeners for every link.
const MOUSE = { activationConstraint: { distance: 4 } }
// A finger held still a moment picks a list up: a swipe still scrolls the line, a tap follows.
const TOUCH = { activationConstraint: { delay: 250, tolerance: 5 } }
// Space alone picks a list up: Enter follows its link, as ever.
const KEYS = {
  coordinateGetter: sortableKeyboardCoordinates,
  keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
}
/** The click a mouse's release makes on the link it dragged follows no link. */
function swallowNextClick() {
  const swallow = (event: Event) => {
    event.preventDefault()
    event.stopPropagation()
  }
  window.addEventListener('click', swallow, { capture: true, once: true })
  setTimeout(() => {
    window.removeEventListener('click', swallow, { capture: true })
  })
}

/** The person's lists, dragged within their line; a drop moves one (`moves.drop`). */
export function SortableLinks({
  ids,
  moves,
  onDragging,
  children,
}: {
  ids: string[]
  moves: ListMoves
  onDragging: (dragging: boolean) => void
  children: ReactNode
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, MOUSE),
    useSensor(TouchSensor, TOUCH),
    useSensor(KeyboardSensor, KEYS),
  )
  // On a phone the lists are one line that scrolls sideways: a list moves along it only.
  const oneLine = useRef(false)
  const modifiers = useMemo<Modifier[]>(
    () => [({ transform }) => (oneLine.current ? { ...transform, y: 0 } : transform)],
    [],
  )
  // Its live region and instructions go in the body: a list of links holds only links.
  const accessibility = useMemo(
    () => ({
      announcements: announcements(moves),
      screenReaderInstructions: INSTRUCTIONS,
      container: document.body,
    }),
    [moves],
  )
  const ended = (activator: Event | null) => {
    onDragging(false)
    if (activator instanceof MouseEvent) swallowNextClick()
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={modifiers}
      accessibility={accessibility}
      onDragStart={({ activatorEvent }) => {
        onDragging(true)
        const held = activatorEvent.target
        const line = held instanceof Element ? held.closest('ul') : null
        oneLine.current = line ? getComputedStyle(line).flexWrap === 'nowrap' : false
      }}
      onDragEnd={({ active, over, activatorEvent }) => {
        ended(activatorEvent)
        if (over && over.id !== active.id) moves.drop(name(active.id), name(over.id))
      }}
      onDragCancel={({ activatorEvent }) => {
        ended(activatorEvent)
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  )
}

/** A list's link (`render`) that a drag moves: the item moves, the link is what is held. */
export function SortableLink({
  id,
  render,
}: {
  id: string
  render: (drag: LinkDrag) => ReactNode
}) {
  const sortable = useSortable({ id })
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = sortable
  const { transform, transition, isDragging } = sortable
  const transformed = CSS.Translate.toString(transform)
  const drag = useMemo<LinkDrag>(
    () => ({
      itemRef: setNodeRef,
      linkRef: setActivatorNodeRef,
      listeners,
      describedBy: attributes['aria-describedby'],
      style: transformed ? { transform: transformed, transition } : undefined,
      dragging: isDragging,
    }),
    [setNodeRef, setActivatorNodeRef, listeners, attributes, transformed, transition, isDragging],
  )
  return render(drag)
}
