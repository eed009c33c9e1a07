import { lazy, memo, Suspense, useEffect, useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import { importAgainAfterFailure, retryingLoad } from '../../lib/helpers'
import { selectLists } from './listsSlice'
import { LIST_WORDS } from './words'

// The lists' line and dialogs are not in the first render's JavaScript (npm run size): fetched
// once New list or the line shows, both after the person's tasks came.
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
  // What is typed while the dialog comes (its chunk was still on its way), kept for its field.
  const [typed, setTyped] = useState('')
  // Fetched as the button shows (after the tasks, far larger, came), so it is seldom waited for.
  useEffect(prefetch, [])
  return (
    <>
      <button
        type="button"
        className="new-list"
        onClick={() => {
          // Enter again before the dialog came: what was typed stays.
          if (open) return
          setTyped('')
          setOpen(true)
        }}
        onKeyDown={(event) => {
          if (!open || event.ctrlKey || event.metaKey || event.altKey) return
          if (event.key.length === 1) setTyped((text) => text + event.key)
          else if (event.key === 'Backspace') setTyped((text) => text.slice(0, -1))
          else return
          event.preventDefault()
        }}
      >
        {LIST_WORDS.newList}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ListNameDialog
            naming={{ kind: 'new', typed }}
            onClosed={() => {
              setOpen(false)
            }}
          />
        </Suspense>
      )}
    </>
  )
})
