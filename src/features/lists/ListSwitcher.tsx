import { lazy, memo, Suspense, useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import { importAgainAfterFailure, retryingLoad } from '../../lib/helpers'
import { selectLists } from './listsSlice'
import { LIST_WORDS } from './words'

// The lists' line and dialogs are not in the first render's JavaScript (npm run size): fetched
// once the person has a list, or on pointing at or focusing New list.
const loadLater = retryingLoad(importAgainAfterFailure(() => import('./later')))
const ListNameDialog = lazy(() =>
  loadLater().then(({ ListNameDialog: dialog }) => ({ default: dialog })),
)
const SwitcherLine = lazy(() => loadLater().then(({ SwitcherLine: line }) => ({ default: line })))
const prefetch = () => void loadLater().catch(() => undefined)

/**
 * The person's lists above the tasks (SwitcherLine.tsx), drawn once they have one besides My
 * tasks: nothing at all before, not even a line.
 */
export function ListSwitcher() {
  const shows = useAppSelector((state) => selectLists(state).length > 0)
  if (!shows) return null
  return (
    <Suspense fallback={null}>
      <SwitcherLine />
    </Suspense>
  )
}

/** The one quiet place to make a list: a link-like button, and its dialog (kept still on a tick). */
export const NewListButton = memo(function NewListButton() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="new-list"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setOpen(true)
        }}
      >
        {LIST_WORDS.newList}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ListNameDialog
            naming={{ kind: 'new' }}
            onClosed={() => {
              setOpen(false)
            }}
          />
        </Suspense>
      )}
    </>
  )
})
