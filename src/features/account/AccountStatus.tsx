import './settings.css'
import { lazy, Suspense, type ReactNode } from 'react'
import { useAppSelector } from '../../app/hooks'

const ImportStatus = lazy(() =>
  import('./ImportStatus').then(({ ImportStatus: component }) => ({ default: component })),
)

/**
 * The account's line below the header: an import's progress and its `undo`, or that the account
 * was deleted. One polite live region, always in the page, silent and taking no room until the
 * account feature (loaded on first use of Settings) has something to say.
 */
export function AccountStatus({ undo }: { undo: ReactNode }) {
  const loaded = useAppSelector((state) => state.account !== undefined)
  return (
    <div className="account-line" role="status">
      {loaded && (
        <Suspense fallback={null}>
          <ImportStatus undo={undo} />
        </Suspense>
      )}
    </div>
  )
}
