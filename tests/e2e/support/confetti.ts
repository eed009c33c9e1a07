import type { Page } from '@playwright/test'

/** What the page has shown of confetti so far. */
export interface ConfettiRecord {
  /** Canvases added to the page (the library draws on one it adds to the body). */
  canvases: number
  /** The options of each confetti fired: the library posts them to the worker that draws. */
  fired: unknown[]
}

function record(): void {
  const seen: ConfettiRecord = { canvases: 0, fired: [] }
  Object.assign(window, { confettiSeen: seen })
  const post = Object.getOwnPropertyDescriptor(Worker.prototype, 'postMessage')?.value as (
    ...args: unknown[]
  ) => void
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
    if (typeof message === 'object' && message !== null && 'options' in message) {
      seen.fired.push(structuredClone(message.options))
    }
    Reflect.apply(post, this, [message, ...rest])
  }
  const watch = () => {
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) if (node.nodeName === 'CANVAS') seen.canvases++
      }
    }).observe(document.body, { childList: true })
  }
  if (document.readyState !== 'loading') watch()
  else document.addEventListener('DOMContentLoaded', watch, { once: true })
}

/**
 * Records the confetti of `page` from now on, and of every later load; returns a function
 * that reads the record. It watches, and changes nothing of what the page does.
 */
export async function recordConfetti(page: Page): Promise<() => Promise<ConfettiRecord>> {
  await page.addInitScript(record)
  await page.evaluate(record)
  return () =>
    page.evaluate(() => (window as unknown as { confettiSeen: ConfettiRecord }).confettiSeen)
}

/** The app's confetti chunk, which it loads at the first task marked done. */
export const CONFETTI_CHUNK = /\/assets\/confetti\.module-[^/]*\.js$/

/**
 * Waits until the page has run the confetti chunk whose response is `loaded`, and the code
 * that called it: importing the same module resolves once it has been evaluated, after the
 * app's own import, and a task later the app's callback has run too.
 */
export async function confettiChunkRan(page: Page, url: string): Promise<void> {
  await page.evaluate(async (src) => {
    await import(src)
    await new Promise((resolve) => setTimeout(resolve, 0))
  }, url)
}
