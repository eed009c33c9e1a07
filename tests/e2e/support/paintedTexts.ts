import type { Page, Route } from '@playwright/test'

function record(selector: string): void {
  const painted: string[] = []
  Object.assign(window, { e2ePaintedTexts: painted })
  // Read in the frame after a change, as it is painted: with the style sheet applied and
  // without what CSS hides (innerText). A change undone before the next frame was never shown.
  let requested = false
  const read = () => {
    requested = false
    const text = document
      .querySelector<HTMLElement>(selector)
      ?.innerText.replace(/\s+/g, ' ')
      .trim()
    if (text && painted.at(-1) !== text) painted.push(text)
  }
  new MutationObserver(() => {
    if (requested) return
    requested = true
    requestAnimationFrame(read)
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true })
}

/**
 * Every text an element matching `selector` shows, in the order painted, from the first paint
 * of each document `page` loads from now on (reloads included): the recording starts before
 * the page's own scripts, index.html's inline one included. The reader gives the current
 * document's.
 */
export async function recordPaintedTexts(
  page: Page,
  selector: string,
): Promise<() => Promise<string[]>> {
  await page.addInitScript(record, selector)
  return () =>
    page.evaluate(() => (window as unknown as { e2ePaintedTexts: string[] }).e2ePaintedTexts)
}

/**
 * Holds the app's entry script back until the returned function is called: meanwhile the page
 * is what index.html alone paints. Load with `waitUntil: 'commit'`, as the load event waits
 * for it.
 */
export async function holdEntryScript(page: Page): Promise<() => Promise<void>> {
  const entry = /\/assets\/index-[^/]*\.js$/
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let sent: Promise<void> | undefined
  const handler = (route: Route) => {
    sent = held.then(() => route.continue())
    return sent
  }
  await page.route(entry, handler)
  return async () => {
    release()
    // Unrouted before it is sent, the request would be answered by the unroute instead.
    await sent
    await page.unroute(entry, handler)
  }
}
