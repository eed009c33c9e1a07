import type { Dialog, Page } from '@playwright/test'
import { expect } from '../fixtures'

// Leaving a page as a person who will not lose a change. While a change is in the page's memory
// only (the SDK puts each write on the device's disk a moment later), the page asks before it
// goes (src/features/tasks/saving/listeners.ts, docs/sync.md "A closed tab"). Left to itself,
// Playwright accepts that prompt and the page goes, with the change: a test that reloads at once
// then loses it by its own choice, not the app's.

/** Whether `page` would ask before leaving now: its own leave guard, asked with a `beforeunload`. */
export const wouldAsk = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const leaving = new Event('beforeunload', { cancelable: true })
    dispatchEvent(leaving)
    return leaving.defaultPrevented
  })

/**
 * Reloads `page`; when it asks first, the person stays (Cancel), waits until it would no longer
 * ask, and reloads again. Returns how many times it asked.
 */
export async function reloadKeepingChanges(page: Page): Promise<number> {
  let asked = 0
  for (;;) {
    let onAsked: ((outcome: 'asked') => void) | null = null
    const prompted = new Promise<'asked'>((resolve) => {
      onAsked = resolve
    })
    const stay = (dialog: Dialog) => {
      if (dialog.type() !== 'beforeunload') return
      asked++
      void dialog.dismiss().then(() => onAsked?.('asked'))
    }
    page.on('dialog', stay)
    // A reload the person cancelled never ends (Playwright waits on for its load): it is left
    // to fail on its own, unheard.
    const reloading = page.reload({ timeout: 60_000 }).then(() => 'reloaded' as const)
    reloading.catch(() => undefined)
    const outcome = await Promise.race([reloading, prompted])
    page.off('dialog', stay)
    if (outcome === 'reloaded') return asked
    await expect.poll(() => wouldAsk(page), { timeout: 60_000 }).toBe(false)
  }
}
