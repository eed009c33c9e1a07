import { flushSync } from 'react-dom'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { clearFinishedClicked } from '../model/commands'
import { selectFinishedCount, selectOpenCount } from '../model/tasksSlice'

/**
 * Above the list: how many tasks are open, said politely when it changes, and "Clear finished"
 * while some are finished (one Undo brings them all back).
 */
export function ListToolbar() {
  const dispatch = useAppDispatch()
  const open = useAppSelector(selectOpenCount)
  const finished = useAppSelector(selectFinishedCount)
  return (
    <div className="list-toolbar">
      <p role="status">{`${String(open)} open`}</p>
      {finished > 0 && (
        <button
          type="button"
          onClick={() => {
            flushSync(() => {
              dispatch(clearFinishedClicked())
            })
            // Its button has gone with the finished tasks: back to where tasks are written.
            document.getElementById('new-task')?.focus()
          }}
        >
          Clear finished
        </button>
      )}
    </div>
  )
}
