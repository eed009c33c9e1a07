import type { Page } from '@playwright/test'

// Timing a change from one device to another, on the pages' own clocks (epoch milliseconds,
// one machine): the input event on one, the moment the other's DOM shows the change.

declare global {
  interface Window {
    e2eLastInput?: number
    e2eShown?: Promise<number>
    e2eEvents?: string[]
  }
}

/** Records on `page` the time of each click and key press, and the events that wake a page. */
export async function watchInput(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.e2eEvents = []
    for (const type of ['click', 'keydown']) {
      document.addEventListener(
        type,
        (event) => {
          window.e2eLastInput = performance.timeOrigin + event.timeStamp
        },
        true,
      )
    }
    const woken = (event: Event) => window.e2eEvents?.push(event.type)
    document.addEventListener('visibilitychange', woken)
    for (const type of ['focus', 'pageshow', 'online']) window.addEventListener(type, woken)
  })
}

/** The time of the last click or key press on `page` (watchInput). */
export const lastInput = (page: Page) => page.evaluate(() => window.e2eLastInput ?? NaN)

/** The events that might have woken `page` since watchInput. */
export const wakeEvents = (page: Page) => page.evaluate(() => window.e2eEvents ?? [])

/**
 * Starts watching `page` for a row with `text` (finished or not, when said); `shownAt` then
 * gives the time it first showed. Started before the change is made, so nothing is missed.
 */
export async function watchFor(page: Page, text: string, finished?: boolean): Promise<void> {
  await page.evaluate(
    ({ text: wanted, finished: state }) => {
      const shown = () =>
        Array.from(document.querySelectorAll('li[data-task-id]')).some(
          (item) =>
            item.querySelector('.task-text')?.textContent === wanted &&
            (state === undefined || item.classList.contains('finished') === state),
        )
      window.e2eShown = new Promise((resolve) => {
        const now = () => performance.timeOrigin + performance.now()
        if (shown()) {
          resolve(now())
          return
        }
        const observer = new MutationObserver(() => {
          if (!shown()) return
          observer.disconnect()
          resolve(now())
        })
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          attributes: true,
          characterData: true,
        })
      })
    },
    { text, finished },
  )
}

export const shownAt = (page: Page) => page.evaluate(() => window.e2eShown ?? Promise.resolve(NaN))

/** The value below which `share` of `values` fall (nearest rank). */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? NaN
}
