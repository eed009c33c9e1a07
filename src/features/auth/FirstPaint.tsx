import './firstPaint.css'
import { useSyncExternalStore, type ReactNode } from 'react'

// Nothing to follow: only the server snapshot (prerender, hydration) differs from the browser's.
const subscribe = () => () => undefined
/** True in the prerender and while main.tsx hydrates it. */
export function useFirstPaint(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  )
}

/** The prerender draws both; vite/plugins/rememberedMark.ts marks which firstPaint.css shows. */
export function RememberedOrNot({
  remembered,
  forgotten,
}: {
  remembered: ReactNode
  forgotten: ReactNode
}) {
  return (
    <>
      <span className="if-remembered">{remembered}</span>
      <span className="if-forgotten">{forgotten}</span>
    </>
  )
}
