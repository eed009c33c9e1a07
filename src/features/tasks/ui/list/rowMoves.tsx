import { use } from 'react'
import { flushSync } from 'react-dom'
import { moveTask } from '../../model/commands'
import { selectTaskById } from '../../model/tasksSlice'
import { rowElement } from './rowControls'
import { MENU_ITEM, useCloseMenu } from './RowMenu'
import { Icon } from './TaskItem'
import { RowMovesContext, type CreateRowMoves, type Step } from './useRowMoves'

const UP = 'M12 19V5M6 11l6-6 6 6'
const DOWN = 'M12 5v14M6 13l6 6 6-6'

/** Each only where the task can go; closes the menu first, so focus stays on its button. */
function MenuItems({ id }: { id: string }) {
  const moves = use(RowMovesContext)
  const closeMenu = useCloseMenu()
  if (!moves) return null
  const item = (step: Step, label: string, path: string) =>
    moves.neighbour(id, step) !== undefined && (
      <button
        type="button"
        className="icon-button"
        data-control="more"
        onClick={() => {
          closeMenu()
          moves.move(id, step)
        }}
        {...MENU_ITEM}
      >
        <Icon path={path} />
        <span className="button-label">{label}</span>
      </button>
    )
  return (
    <>
      {item(-1, 'Move up', UP)}
      {item(1, 'Move down', DOWN)}
    </>
  )
}

export const createRowMoves: CreateRowMoves = (dispatch, store, page, announcer) => {
  const region = (id: string) => selectTaskById(store.getState(), id)?.isFinished
  const position = (id: string) => {
    const list = page.shown()
    return `${String(list.indexOf(id) + 1)} of ${String(list.length)}`
  }
  const neighbour = (id: string, step: Step) => {
    const list = page.shown()
    const index = list.indexOf(id)
    const next = index < 0 ? undefined : list[index + step]
    return next !== undefined && region(next) === region(id) ? next : undefined
  }
  // Drawn at once: focus, the row's place and what is said follow the move.
  const drop = (id: string, overId: string) => {
    let moved = false
    flushSync(() => {
      moved = dispatch(moveTask(id, overId))
    })
    return moved
  }
  return {
    neighbour,
    move(id, step) {
      const past = neighbour(id, step)
      if (past === undefined || !drop(id, past)) {
        announcer.say(step < 0 ? 'Not moved: already first.' : 'Not moved: already last.')
        return false
      }
      const list = page.list()
      const row = list ? rowElement(list, id) : undefined
      row?.scrollIntoView({ block: 'nearest' })
      announcer.say(`Moved to ${position(id)}`)
      return true
    },
    drop,
    position,
    textOf: (id) => selectTaskById(store.getState(), id)?.task ?? '',
    MenuItems,
  }
}
