import { lazy, memo, Suspense, useEffect, useState, type ComponentProps } from 'react'
import { importAgainAfterFailure, retryingLoad } from '../../lib/helpers'
import { LIST_WORDS } from './words'

// The lists' dialogs are not in the first render's JavaScript (npm run size): fetched once the
// switcher shows (the person has lists), or on pointing at or focusing New list.
const loadListDialogs = retryingLoad(importAgainAfterFailure(() => import('./dialogs')))
const ListNameDialogLazy = lazy(() =>
  loadListDialogs().then(({ ListNameDialog }) => ({ default: ListNameDialog })),
)
const DeleteListDialogLazy = lazy(() =>
  loadListDialogs().then(({ DeleteListDialog }) => ({ default: DeleteListDialog })),
)
const prefetch = () => void loadListDialogs().catch(() => undefined)

/** The switcher fetches them as it shows (`shows`): its buttons then open at once. */
export const usePrefetchedDialogs = (shows: boolean) => {
  useEffect(() => {
    if (shows) prefetch()
  }, [shows])
}

export function ListNameDialog(props: ComponentProps<typeof ListNameDialogLazy>) {
  return (
    <Suspense fallback={null}>
      <ListNameDialogLazy {...props} />
    </Suspense>
  )
}

export function DeleteListDialog(props: ComponentProps<typeof DeleteListDialogLazy>) {
  return (
    <Suspense fallback={null}>
      <DeleteListDialogLazy {...props} />
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
        <ListNameDialog
          naming={{ kind: 'new' }}
          onClosed={() => {
            setOpen(false)
          }}
        />
      )}
    </>
  )
})
