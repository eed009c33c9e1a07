import { useAppSelector } from '../../../app/hooks'
import { selectFinishedCount, selectOpenCount } from '../model/tasksSlice'

/**
 * Above the list: how many tasks are open, said politely when it changes, and "Clear finished"
 * while some are finished (one Undo brings them all back).
 */
export function ListToolbar({ onClearFinished }: { onClearFinished: () => void }) {
  const open = useAppSelector(selectOpenCount)
  const finished = useAppSelector(selectFinishedCount)
  return (
    <div className="list-toolbar">
      <p role="status">{`${String(open)} open`}</p>
      {finished > 0 && (
        <button type="button" onClick={onClearFinished}>
          Clear finished
        </button>
      )}
    </div>
  )
}
