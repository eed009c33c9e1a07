import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { findAllListsChanged, selectAllListsChosen } from './findSlice'

/**
 * Find's one choice, offered once there is a list besides My tasks: search every list, not only
 * the list shown (Today and Upcoming gather every list already, so it is not offered there).
 */
export function AllLists() {
  const dispatch = useAppDispatch()
  const checked = useAppSelector(selectAllListsChosen)
  return (
    <label className="all-lists">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => dispatch(findAllListsChanged(event.target.checked))}
      />
      All lists
    </label>
  )
}
