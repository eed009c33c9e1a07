import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** What axe finds against WCAG 2.1 AA in the page as it is: each rule with its elements. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()
  return results.violations.map(({ id, nodes }) => ({
    id,
    targets: nodes.map((node) => node.target.join(' ')),
  }))
}

/**
 * What Chromium's find-in-page does on a match in text that is hidden until found: fire
 * `beforematch` at it, reveal it, scroll the match into view. Played here because headless
 * Chromium has no find bar, and this build does not follow text fragment links either.
 */
export const findInPage = (page: Page, wanted: string) =>
  page.evaluate((needle) => {
    const holder = Array.from(document.querySelectorAll('[hidden="until-found"]')).findLast(
      (element) => element.textContent.includes(needle),
    )
    const textNode = holder?.firstChild
    if (!holder || !textNode) throw new Error(`"${needle}" is not in the page`)
    holder.dispatchEvent(new Event('beforematch', { bubbles: true }))
    for (let element: Element | null = holder; element; element = element.parentElement) {
      if (element.getAttribute('hidden') === 'until-found') element.removeAttribute('hidden')
    }
    const match = document.createRange()
    const start = (textNode.textContent ?? '').indexOf(needle)
    match.setStart(textNode, start)
    match.setEnd(textNode, start + needle.length)
    window.scrollBy(0, match.getBoundingClientRect().top - innerHeight / 2)
  }, wanted)
