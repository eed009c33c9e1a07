import { use } from 'react'
import { MoveToListContext } from './listChoices'
import { MENU_ITEM, useCloseMenu } from './RowMenu'

const ARROW_OUT = 'M4 12h12M12 6l6 6-6 6M20 4v16'

/** The row menu's Move to list…: the menu closes, the list's dialog opens. */
export function MoveToListItem({ id, describedBy }: { id: string; describedBy: string }) {
  const moveToList = use(MoveToListContext)
  const closeMenu = useCloseMenu()
  return (
    <button
      type="button"
      className="icon-button"
      aria-describedby={describedBy}
      onClick={() => {
        closeMenu()
        moveToList?.(id)
      }}
      {...MENU_ITEM}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ARROW_OUT} />
      </svg>
      <span className="button-label">Move to list…</span>
    </button>
  )
}
