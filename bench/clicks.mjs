// What every timed interaction does: a real click or key, timed by the harness (harness.js),
// and a check of what the next frame showed. See bench/README.md, "How a click is timed".

/** An interaction the build does not offer (Find, the date hint): reported, not timed. */
export class NotAvailable extends Error {}

/**
 * Throws NotAvailable when the New task input is still there, else an error: a form gone is
 * the page failing (as under LANG=C, where Chromium's "en-US@posix" once threw in its render).
 */
export async function notAvailable(input, message) {
  if ((await input.count()) === 0) throw new Error(`${message}: the New task input is gone`)
  throw new NotAvailable(message)
}

export const PRESS_MS = 50
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export function check(condition, message) {
  if (!condition) throw new Error(`Check failed: ${message}`)
}

/** The centre of the element `selector` finds, in the page's coordinates, to click there. */
export function centreOf(page, selector) {
  return page.evaluate((s) => {
    const rect = document.querySelector(s).getBoundingClientRect()
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }
  }, selector)
}

/**
 * A real (trusted) mouse click at `point`, as a person makes one: the pointer arrives, rests a
 * moment, presses, holds 50 ms (a person's click lasts 80 to 120 ms) and releases. The press
 * and the release thus land anywhere in the frame cycle, as real input does. Returns the
 * harness's measurement.
 */
export async function timedClick(page, point, label, counter) {
  await page.mouse.move(point.x, point.y)
  await sleep(10 + Math.random() * 30)
  await page.evaluate((name) => {
    window.__bench.arm(name)
  }, label)
  const index = counter.clicks++
  await page.mouse.down()
  await sleep(PRESS_MS)
  await page.mouse.up()
  return page.evaluate((i) => window.__bench.result(i), index)
}

/** A real key press (Alt+ArrowDown, a character), timed by the harness from its keydown. */
export async function timedKey(page, key, label, counter) {
  await page.evaluate((name) => {
    window.__bench.arm(name)
  }, label)
  const index = counter.clicks++
  await page.keyboard.press(key)
  return page.evaluate((i) => window.__bench.result(i), index)
}

export async function scrollTo(page, where) {
  await page.evaluate(async (bottom) => {
    window.scrollTo(0, bottom ? document.documentElement.scrollHeight : 0)
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  }, where === 'bottom')
}
