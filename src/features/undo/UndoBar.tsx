import { useEffect, useEffectEvent, useState } from 'react'
import { flushSync } from 'react-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { due as dates, focusRowControl, selectToday } from '../tasks'
import { undoDelete, undoImport, undoMoveOn } from './commands'
import {
  selectDeleteOffer,
  selectImportOffer,
  selectMovedOnOffer,
  undoDismissed,
} from './undoSlice'

/** How long Undo is offered after a delete, unless the bar holds focus. */
export const UNDO_MS = 6000

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.matches('input, textarea, select'))

/**
 * "Mon 14 Dec", as the hint writes a day: in the browser's English, else British; the year when
 * it is not this one, the time when there is one (the rows' words stay out of the first render).
 */
const dueWords = (due: string | null, today: string) => {
  if (due === null) return 'no date'
  const day = dates.dueDay(due)
  const locale = dates.wordsLocale()
  const date = new Date(dates.utc(day)).toLocaleDateString(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: day.slice(0, 4) === today.slice(0, 4) ? undefined : 'numeric',
    timeZone: 'UTC',
  })
  if (!dates.hasTime(due)) return date
  return `${date}, ${new Date(due).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })}`
}

/**
 * "Task deleted. Undo", for a few seconds after a delete, or "Done. Next due Mon 14 Dec. Undo"
 * after a repeating task's tick: a polite status, never an alert. Undo puts back the last
 * deleted task, or the date the ticked task had. Reachable with Tab (after the list) or with
 * Ctrl+Z (⌘Z) from anywhere but a text field or the dialog; the time stops while it holds focus.
 */
export function UndoBar() {
  const dispatch = useAppDispatch()
  const deleted = useAppSelector(selectDeleteOffer)
  const movedOn = useAppSelector(selectMovedOnOffer)
  const today = useAppSelector(selectToday)
  // Which offer's bar holds focus. A bar removed with focus in it (Undo pressed) gets no blur:
  // the next offer, with a new count, is not held by it.
  const [heldFor, setHeldFor] = useState<number | null>(null)
  const shown = deleted?.count ?? movedOn?.count ?? null
  const held = shown !== null && heldFor === shown
  const undo = () => {
    // The row is drawn first, so its toggle can take focus (else the input does).
    focusRowControl(
      flushSync(() => dispatch(deleted ? undoDelete() : undoMoveOn())),
      'toggle',
    )
  }
  const undoKey = useEffectEvent(undo)

  useEffect(() => {
    if (shown === null || held) return
    const timer = setTimeout(() => dispatch(undoDismissed(shown)), UNDO_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [dispatch, shown, held])

  useEffect(() => {
    if (shown === null) return
    const keyDown = (event: KeyboardEvent) => {
      const z = event.key === 'z' || event.key === 'Z'
      if (!z || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return
      if (editable(event.target) || document.querySelector('dialog[open]')) return
      event.preventDefault()
      undoKey()
    }
    document.addEventListener('keydown', keyDown)
    return () => {
      document.removeEventListener('keydown', keyDown)
    }
  }, [shown])

  const { length } = deleted?.tasks ?? []
  const said = deleted
    ? deleted.list
      ? `List “${deleted.list.name}” deleted, with ${length === 1 ? 'its 1 task' : `its ${length.toLocaleString('en-US')} tasks`}.`
      : !deleted.cleared
        ? 'Task deleted.'
        : `${length.toLocaleString('en-US')} finished ${length === 1 ? 'task' : 'tasks'} deleted.`
    : `Done. Next due ${dueWords(movedOn?.due ?? null, today)}.`
  return (
    <div className="undo-bar" role="status">
      {shown !== null && (
        // A new element for each offer, so a second one is announced too.
        <span key={shown} className="undo-content">
          {said}{' '}
          <button
            type="button"
            aria-keyshortcuts="Control+Z Meta+Z"
            title="Undo (Ctrl+Z)"
            onClick={undo}
            onFocus={() => {
              setHeldFor(shown)
            }}
            onBlur={() => {
              setHeldFor(null)
            }}
          >
            Undo
          </button>
        </span>
      )}
    </div>
  )
}

/** The import line's Undo (the page puts it in the account's line). */
export function UndoImport() {
  const dispatch = useAppDispatch()
  return (
    useAppSelector(selectImportOffer) && (
      <button
        type="button"
        onClick={() => {
          dispatch(undoImport())
        }}
      >
        Undo
      </button>
    )
  )
}
