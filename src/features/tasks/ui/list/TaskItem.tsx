import './rowMenu.css'
import './unsaved.css'
import {
  memo,
  use,
  useId,
  type CSSProperties,
  type DOMAttributes,
  type MouseEvent,
  type Ref,
} from 'react'
import { useAppDispatch, useAppSelector } from '../../../../app/hooks'
import { deleteTask, toggleTask } from '../../model/commands'
import { selectTaskById } from '../../model/tasksSlice'
import { nextDue } from '../../model/recurrence'
import { selectClock } from '../../model/day'
import { DueLabel } from './DueLabel'
import { selectUnsaved } from '../../saving/unsaved'
import { MENU_ITEM, RowMenu } from './RowMenu'
import { UnsavedMark } from './UnsavedMark'
import { EditTaskContext } from './rowControls'
import { RowMovesContext } from './useRowMoves'
import { ListChoicesContext, listNameIn, MoveToListContext, NameListsContext } from './listChoices'
import { MoveToListItem } from './MoveToListItem'

export interface RowProps {
  id: string
}

export interface RowDrag {
  rowRef: Ref<HTMLLIElement>
  handleRef: Ref<HTMLButtonElement>
  handle: DOMAttributes<HTMLButtonElement> & {
    'aria-describedby'?: string
    'aria-roledescription'?: string
    'aria-pressed'?: boolean
  }
  style: CSSProperties | undefined
  dragging: boolean
}

export const Icon = ({ path }: { path: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={path} />
  </svg>
)

const PENCIL = 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4'
const BIN = 'M4 7h16M10 7V4h4v3M6 7l1 13h10l1-13M10 11v5M14 11v5'
const GRIP = 'M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01'
// The row a series of clicks began on (one list a page).
let firstOfSeries: string | null = null

/**
 * Whether a click is the second (or third) of a series that began on another row: the first
 * moved its row away and the next row slid under the pointer; or on this row when it stays in
 * place (a repeating task, ticked, would skip a date). `detail` counts clicks at one spot, taps
 * too; the keyboard's are 0. Only the accidental click is dropped.
 */
function secondOfSeries(id: string, event: MouseEvent, staysInPlace = false) {
  if (event.detail <= 1) firstOfSeries = id
  return event.detail > 1 && (firstOfSeries !== id || staysInPlace)
}

/** Selects its own task, so a change to one task re-renders one row. */
export const TaskItem = memo(function TaskItem({ id, drag }: RowProps & { drag?: RowDrag }) {
  const task = useAppSelector((state) => selectTaskById(state, id))
  const unsaved = useAppSelector((state) => selectUnsaved(state, id) !== undefined)
  const dispatch = useAppDispatch()
  const openEditor = use(EditTaskContext)
  const moves = use(RowMovesContext)
  const moveToList = use(MoveToListContext)
  const lists = use(ListChoicesContext)
  const canMove = moveToList !== null && lists.length > 1
  const namesList = use(NameListsContext) && lists.length > 1
  const textId = useId()
  // A new day or zone redraws a dated row: "Today", "Overdue" and its time follow them.
  const { today } = useAppSelector(selectClock)
  // A row can outlive its task for one render while the list catches up.
  if (task === undefined) return null
  // The date is read with the text: "Water the plants, Due tomorrow, Sat 28 Nov", a repeat, and
  // where the rows gather every list, the task's.
  const list = namesList ? listNameIn(lists, task.list) : null
  const detailed = task.due !== null || task.repeat !== null || list !== null
  const described = detailed ? `${textId} ${textId}d` : textId
  const toggleTitle = task.isFinished ? 'Mark as incomplete' : 'Mark as complete'
  const edit = (inMenu?: typeof MENU_ITEM) => (
    <button
      type="button"
      className="icon-button"
      data-control="edit"
      title="Edit"
      aria-describedby={described}
      onClick={() => openEditor?.(id)}
      {...inMenu}
    >
      <Icon path={PENCIL} />
      <span className="button-label">Edit</span>
    </button>
  )
  const remove = (inMenu?: typeof MENU_ITEM) => (
    <button
      type="button"
      className="icon-button danger"
      data-control="delete"
      title="Delete"
      aria-describedby={described}
      onClick={(event) => {
        if (!secondOfSeries(id, event)) dispatch(deleteTask(id))
      }}
      {...inMenu}
    >
      <Icon path={BIN} />
      <span className="button-label">Delete</span>
    </button>
  )
  const text = (
    <span id={textId} className="task-text" dir="auto">
      {/* A document another client wrote without a text (docs/sync.md) still shows. */}
      {task.task === '' ? <span className="task-no-text">(no text)</span> : task.task}
    </span>
  )
  return (
    <li
      ref={drag?.rowRef}
      className={`task${task.isFinished ? ' finished' : ''}${unsaved ? ' unsaved' : ''}${drag?.dragging ? ' dragging' : ''}`}
      style={drag?.style}
      data-task-id={id}
    >
      <button
        type="button"
        className="toggle"
        data-control="toggle"
        title={toggleTitle}
        aria-label={toggleTitle}
        aria-pressed={task.isFinished}
        onClick={(event) => {
          if (secondOfSeries(id, event, task.repeat !== null && !task.isFinished)) return
          dispatch(toggleTask(id, nextDue))
        }}
      />
      {/* The date goes under the text, so a phone's narrow row keeps its width for the text. */}
      {detailed ? (
        <span className="task-main">
          {text}
          <DueLabel
            id={`${textId}d`}
            due={task.due}
            repeat={task.repeat}
            list={list}
            today={today}
            open={!task.isFinished}
          />
        </span>
      ) : (
        text
      )}
      <span className="row-actions">
        {edit()}
        {remove()}
      </span>
      <RowMenu describedBy={described} wide={canMove}>
        {edit(MENU_ITEM)}
        {moves && <moves.MenuItems id={id} />}
        {canMove && <MoveToListItem id={id} describedBy={described} />}
        {remove(MENU_ITEM)}
      </RowMenu>
      <button
        ref={drag?.handleRef}
        type="button"
        className="icon-button drag-handle"
        data-control="reorder"
        title="Reorder"
        aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
        {...drag?.handle}
        aria-describedby={[described, drag?.handle['aria-describedby']].filter(Boolean).join(' ')}
      >
        <Icon path={GRIP} />
        <span className="visually-hidden">Reorder</span>
      </button>
      <UnsavedMark id={id} describedBy={textId} />
    </li>
  )
})
