import './list/list.css'
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import type { ReactNode } from 'react'
import { EditTaskContext, focusRowControl, WINDOW_MIN_ROWS } from './list/rowControls'
import type { FocusedRow } from './list/useFocusedRow'
import type { Reveal } from './list/useReveal'
import {
  selectFinishedCount,
  selectOpenCount,
  selectTaskIds,
  selectTaskTable,
} from '../model/tasksSlice'
import { taskOf } from '../model/taskTable'
import type { RootState } from '../../../app/store'
import { clearFinished } from '../model/commands'
import { EMPTY_MESSAGES, EmptyList } from './EmptyList'
import { UnsavedDeletes } from '../saving/SyncStatus'
import { useTaskRows } from './useTaskRows'
import { MoveToListContext } from './list/listChoices'

/** Rows drawn at once when a list first appears: more than a tall screen holds. */
const FIRST_ROWS = 30

const focusInput = () => document.getElementById('new-task')?.focus()

/**
 * The list area: the rows (or what to say without any), the Edit Task dialog, and the status
 * line below the list (the sync state, Undo after a delete), which sticks to the bottom of the
 * window while the list is longer, so it never covers the input or, scrolled to the end, the
 * last row.
 */
export function TaskList({
  ids: shownIds,
  noMatch = null,
  reveal = null,
  status = null,
  undo = null,
  onSaved,
  inList,
}: {
  /** The rows shown (Find and the filter decide them, in the page), by default every task. */
  ids?: readonly string[]
  /** The tasks of the list shown, whatever the filter, for its count and Clear finished. */
  inList?: readonly string[]
  /** What to say when the list has tasks but none is shown. */
  noMatch?: ReactNode
  reveal?: Reveal | null
  /** What is said about saving (the sync line), and the bar of a delete's Undo, below the list. */
  status?: ReactNode
  undo?: ReactNode
  /** An edit was saved (Save changes with new text). */
  onSaved?: () => void
}) {
  // The list's own messages go by every task, not by the rows shown.
  const all = useAppSelector(selectTaskIds)
  const ids = shownIds ?? all
  const none = all.length === 0
  // The task in the Edit dialog, held here so the dialog outlives a row that moves or goes.
  const [editing, setEditing] = useState<string | null>(null)
  const [moving, setMoving] = useState<string | null>(null)
  const focus = useRef<FocusedRow | null>(null)
  const rows = useTaskRows()
  // When a list of some length first appears (kept on the device, or the server's answer), the
  // rows a screen shows are drawn at once and the others in a background render that yields to
  // input, instead of in one long task on a slow phone. From then on every change is drawn at
  // once. Lists long enough to be windowed draw about as few rows anyway.
  const [firstFill, setFirstFill] = useState<'waiting' | 'partial' | 'done'>('waiting')
  if (firstFill === 'waiting' && ids.length > 0) {
    const partial = ids.length > FIRST_ROWS && ids.length <= WINDOW_MIN_ROWS
    setFirstFill(partial ? 'partial' : 'done')
  }
  const partial = firstFill === 'partial'
  useEffect(() => {
    if (!partial) return
    startTransition(() => {
      setFirstFill('done')
    })
  }, [partial])

  // The last row went while it held focus: the input takes it.
  const empty = ids.length === 0
  useLayoutEffect(() => {
    if (!empty || focus.current === null) return
    focus.current = null
    if (document.activeElement === document.body || document.activeElement === null) focusInput()
  }, [empty])

  return (
    <EditTaskContext value={setEditing}>
      <MoveToListContext value={setMoving}>
        {!none && <ListToolbar inList={inList} />}
        {none ? (
          <EmptyList />
        ) : empty ? (
          noMatch
        ) : rows ? (
          <rows.TaskRows
            ids={partial ? ids.slice(0, FIRST_ROWS) : ids}
            focus={focus}
            reveal={reveal}
          />
        ) : (
          <div className="empty">
            <p role="status">{EMPTY_MESSAGES.pending}</p>
          </div>
        )}
        <div className="page-status">
          {status}
          <UnsavedDeletes />
          {undo}
        </div>
        {editing !== null && rows && (
          <rows.TaskEditor
            key={editing}
            id={editing}
            onSaved={onSaved}
            onClosed={() => {
              setEditing(null)
              // Back to the row's Edit button, wherever the row is now; the input if it went.
              focusRowControl(editing, 'edit')
            }}
          />
        )}
        {moving !== null && rows && (
          <rows.MoveToListDialog
            key={moving}
            id={moving}
            onClosed={() => {
              setMoving(null)
              // Its menu button, if the row is still shown (Today gathers every list); else the input.
              focusRowControl(moving, 'more')
            }}
          />
        )}
      </MoveToListContext>
    </EditTaskContext>
  )
}

/** How many of `ids` are open. */
function openOf(state: RootState, ids: readonly string[]): number {
  const table = selectTaskTable(state)
  let open = 0
  for (const id of ids) if (taskOf(table, id)?.isFinished === false) open++
  return open
}

/**
 * Above the list: how many tasks are open, said politely when it changes, and "Clear finished"
 * while some are finished (one Undo brings them all back).
 */
export function ListToolbar({ inList }: { inList?: readonly string[] }) {
  const dispatch = useAppDispatch()
  const everyOpen = useAppSelector(selectOpenCount)
  const everyFinished = useAppSelector(selectFinishedCount)
  const open = useAppSelector((state) => (inList ? openOf(state, inList) : everyOpen))
  const finished = inList ? inList.length - open : everyFinished
  return (
    <div className="list-toolbar">
      <p role="status">{`${String(open)} open`}</p>
      {finished > 0 && (
        <button
          type="button"
          onClick={() => {
            flushSync(() => {
              dispatch(clearFinished(inList))
            })
            // Its button has gone with the finished tasks: back to where tasks are written.
            focusInput()
          }}
        >
          Clear finished
        </button>
      )}
    </div>
  )
}
