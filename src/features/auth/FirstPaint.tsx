import './firstPaint.css'
import { useSyncExternalStore, type ReactNode } from 'react'

// Nothing to follow: only the server snapshot (prerender, hydration) differs from the browser's.
const subscribe = () => () => undefined

/**
 * True while the page is its prerendered first paint: in the prerender (src/app/prerender.tsx)
 * and while main.tsx hydrates it. False from then on, and in a page the browser renders alone.
 */
export function useFirstPaint(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  )
}

/**
 * What the first paint says where it depends on whether someone is remembered on this device.
 * The prerender cannot know, so it draws both; index.html's head script
 * (vite/plugins/rememberedMark.ts) marks `<html data-remembered>` before anything is painted, and
 * firstPaint.css shows the one that applies. Once hydrated, the page draws what the store knows.
 */
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
