// The interactions, each clicked (or keyed) as a person does, timed by the harness and checked
// against what the next frame showed. See bench/README.md, "How a click is timed".
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  centreOf,
  check,
  NotAvailable,
  notAvailable,
  scrollTo,
  sleep,
  timedClick,
  timedKey,
} from './clicks.mjs'
import { switchList } from './lists.mjs'

export const INTERACTIONS = {
  add: 'add',
  done: 'mark done',
  incomplete: 'mark incomplete',
  edit: 'save an edit',
  delete: 'delete',
  move: 'keyboard move (Alt+↓)',
  find: 'Find keystroke',
  dateKey: 'keystroke, a date recognised',
  repeat: 'tick a repeating task',
  switch: 'switch list',
}

/** What writes nothing: the next one waits for a quiet main thread, not for the server. */
const NO_WRITE = ['find', 'dateKey', 'switch']

/** The interactions the naive reference has: it cannot move or find. */
const NAIVE = ['add', 'done', 'incomplete', 'edit', 'delete']

const TOGGLE_OPEN = 'button.toggle[title="Mark as complete"]'
const TOGGLE_DONE = 'button.toggle[title="Mark as incomplete"]'

/**
 * The button `button` of the first or last row drawn, once it stays put for a frame: a long
 * list's window settles its rows' measured heights in the frames after a scroll, and a click
 * aimed before that can land on another row or none.
 */
async function target(page, which, button) {
  let last = null
  for (let frame = 0; frame < 60; frame++) {
    const found = await page.evaluate(
      ([w, b]) =>
        new Promise((resolve) => {
          requestAnimationFrame(() => resolve(window.__bench.target(w, b)))
        }),
      [which, button],
    )
    if (!found) throw new Error(`No ${button} in the ${which} row`)
    if (last && found.x === last.x && found.y === last.y && found.text === last.text) return found
    last = found
  }
  return last
}

/** Each interaction as a function of the repetition; each checks what the frame showed. */
function phases(page, subject, counter, lists) {
  const input = page.locator('#new-task')
  const dialog = page.locator('dialog.edit-dialog[open]')
  const inRow = (control) => `.row-actions > button[data-control="${control}"]`
  // The whole list, before any search (Find's phase types one character and clears it).
  const full = { size: 0 }
  return {
    add: async (rep) => {
      const text = `Added in the benchmark ${String(rep)}`
      await input.fill(text)
      const before = await page.evaluate(() => window.__bench.probe())
      const submit = await centreOf(page, 'form.task-form button[type="submit"]')
      const result = await timedClick(page, submit, 'add', counter)
      check(result.probe.size === before.size + 1, `add: ${String(result.probe.size)} rows`)
      return result
    },
    done: async () => {
      const toggle = await target(page, 'first', TOGGLE_OPEN)
      const result = await timedClick(page, toggle, 'done', counter)
      check(result.probe.first !== toggle.text, 'mark done: the first row did not change')
      if (subject !== 'naive') {
        check(result.probe.focused === toggle.text, 'mark done: focus did not follow the task')
      }
      return result
    },
    incomplete: async () => {
      await scrollTo(page, 'bottom')
      // The window measures the rows it drew at the bottom over the next frames: a person's
      // click comes once the list is still, and so does this one.
      await page.evaluate(() => window.__bench.quiet(300))
      const toggle = await target(page, 'last', TOGGLE_DONE)
      const result = await timedClick(page, toggle, 'incomplete', counter)
      check(
        result.probe.first === toggle.text,
        `mark incomplete: the task is not at the top ${JSON.stringify({ toggle, probe: result.probe })}`,
      )
      return result
    },
    edit: async (rep) => {
      const text = `Edited in the benchmark ${String(rep)}`
      const edit = await target(page, 'first', inRow('edit'))
      await page.mouse.click(edit.x, edit.y)
      await dialog.locator('textarea').fill(text)
      const save = await centreOf(page, 'dialog.edit-dialog[open] button[type="submit"]')
      const result = await timedClick(page, save, 'edit', counter)
      check(result.probe.first === text, 'save an edit: the text did not change')
      await dialog.waitFor({ state: 'hidden' })
      return result
    },
    delete: async () => {
      const remove = await target(page, 'first', inRow('delete'))
      const result = await timedClick(page, remove, 'delete', counter)
      check(result.probe.first !== remove.text, 'delete: the first row is still there')
      check(result.probe.size === remove.size - 1, 'delete: the list did not shrink')
      return result
    },
    // The first row's task, moved down one place each time; focus stays on its toggle.
    move: async (rep) => {
      if (rep === 0) {
        await target(page, 'first', TOGGLE_OPEN)
        await page.evaluate(
          (s) => document.querySelector(`ul[aria-label="Tasks"] > li.task ${s}`).focus(),
          TOGGLE_OPEN,
        )
      }
      const before = await page.evaluate(() => window.__bench.probe())
      check(before.focusedAt !== null, 'keyboard move: no row has focus')
      const result = await timedKey(page, 'Alt+ArrowDown', 'move', counter)
      check(
        result.probe.focusedAt === before.focusedAt + 1,
        `keyboard move: focus at ${String(result.probe.focusedAt)}, was ${String(before.focusedAt)}`,
      )
      return result
    },
    // One character typed in Find tasks, in an empty field. The next paint shows it in the
    // field; the rows that match follow in a render of their own (Find defers it), timed too.
    find: async () => {
      const field = page.getByRole('searchbox', { name: 'Find tasks' })
      if ((await field.count()) === 0) throw new NotAvailable('no field labelled Find tasks')
      await field.fill('')
      if (full.size === 0) full.size = (await page.evaluate(() => window.__bench.probe())).size
      await page.waitForFunction((n) => window.__bench.probe().size === n, full.size)
      await field.focus()
      const result = await timedKey(page, 'w', 'find', counter)
      result.listed = await page.evaluate(
        ([size, start]) => window.__bench.untilRows(size, start),
        [full.size, result.start],
      )
      check(result.listed >= result.release, 'Find: the rows changed before the key was shown')
      await field.fill('')
      return result
    },
    // A repeating task ticked (issue 45): it stays open and in its place, due a day later. Made
    // once through the input, untimed (the app scrolls it into view), then ticked each time.
    repeat: async () => {
      const row = page.locator('li.task', { hasText: 'Bench repeat' }).first()
      if ((await row.count()) === 0) {
        await input.fill('Bench repeat every day')
        const read = await page
          .waitForFunction(
            (s) => document.querySelector(s)?.textContent.startsWith('Repeats'),
            '.due-hint',
            {
              timeout: 20_000,
            },
          )
          .catch(() => null)
        if (!read) await notAvailable(input, 'no repeat read in the New task input')
        await input.press('Enter')
        await row.waitFor()
        await page.evaluate(() => window.__bench.quiet(300))
      }
      const label = row.locator('.task-due > [aria-hidden="true"]')
      const before = await label.textContent()
      const box = await row.locator('button.toggle').boundingBox()
      const toggle = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      const result = await timedClick(page, toggle, 'repeat', counter)
      check(
        (await label.textContent()) !== before,
        'tick a repeating task: its date did not move on',
      )
      check(
        (await row.locator('button.toggle').getAttribute('aria-pressed')) === 'false',
        'tick a repeating task: it did not stay open',
      )
      return result
    },
    // One character typed in the New task input while its hint shows a date: "at 5" joins it.
    // The next paint shows the character; the hint follows in a deferred render, timed too.
    dateKey: async () => {
      const hint = '.due-hint'
      await input.fill('Call Bea tomorrow at ')
      const shown = await page
        .waitForFunction((s) => document.querySelector(s)?.textContent.startsWith('Due'), hint, {
          timeout: 20_000,
        })
        .catch(() => null)
      if (!shown) await notAvailable(input, 'no date hint under the New task input')
      const before = await page.locator(hint).textContent()
      await input.focus()
      const result = await timedKey(page, '5', 'dateKey', counter)
      check(
        (await input.inputValue()) === 'Call Bea tomorrow at 5',
        'date keystroke: not in the input',
      )
      result.listed = await page.evaluate(
        ([s, text, start]) => window.__bench.untilText(s, text, start),
        [hint, before, result.start],
      )
      check(result.listed >= result.release, 'date keystroke: the hint changed before the key')
      await input.fill('')
      return result
    },
    switch: switchList(page, counter, lists),
  }
}

/**
 * Waits until the server has acknowledged the click's write and the main thread is free. The
 * emulator answers each change with the whole list again (a RESET of the query's target),
 * which the SDK then takes in on the main thread; Firestore itself sends the changed document
 * only. Clicking again before that would time the emulator's resend, not the click. A delete
 * leaves the view at once, so its first snapshot without pending writes is its own, early, and
 * the resend is still to come: then the main thread must stay free longer. Returns the time
 * from the click to that snapshot.
 */
async function saved(page, result) {
  const since = result.start
  const options = { timeout: 120_000, polling: 50 }
  const handle = await page.waitForFunction((t) => window.__bench.saved(t), since, options)
  const after = (await handle.jsonValue()) - since
  await page.evaluate((ms) => window.__bench.quiet(ms), after < 500 ? 1500 : 300)
  return after
}

/** Event Timing's longest entry for one click's events (it reports none under 16 ms). */
function eventTiming(events, result) {
  const durations = events
    .filter((e) => e.startTime >= result.pressStart - 0.01 && e.startTime <= result.start + 0.01)
    .map((e) => e.duration)
  return durations.length ? Math.max(...durations) : null
}

/**
 * The interactions (`options.interactions`, else all; the naive list's five), `warmup + reps`
 * times each, on the page's list. With `profile`, a CPU
 * profile of each interaction's timed clicks goes there.
 */
export async function measureInteractions(page, options, subject, say) {
  const counter = { clicks: 0 }
  const total = options.warmup + options.reps
  const results = {}
  const lists = options.lists ?? 1
  const runs = phases(page, subject, counter, lists)
  const only = options.interactions ?? Object.keys(runs)
  for (const name of subject === 'naive' ? NAIVE : only) {
    if (name === 'switch' && lists < 2) {
      say(`  ${INTERACTIONS[name]}: not measured, the tasks are in one list (--lists 20)`)
      continue
    }
    const run = runs[name]
    await scrollTo(page, 'top')
    await sleep(options.pace)
    const timed = []
    const cdp = options.profile ? await page.context().newCDPSession(page) : null
    for (let rep = 0; rep < total; rep++) {
      if (cdp && rep === options.warmup) {
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
        await cdp.send('Profiler.start')
      }
      let result
      try {
        result = await run(rep)
      } catch (error) {
        if (!(error instanceof NotAvailable)) throw error
        say(`  ${INTERACTIONS[name]}: not available (${error.message})`)
        break
      }
      // A keystroke writes nothing; a list fed without the server is never acknowledged.
      if (subject === 'ours' && !NO_WRITE.includes(name)) {
        result.saved = await saved(page, result)
      } else if (subject !== 'naive') await page.evaluate(() => window.__bench.quiet(300))
      if (rep >= options.warmup) timed.push(result)
      await sleep(options.pace)
    }
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop')
      mkdirSync(options.profile, { recursive: true })
      writeFileSync(join(options.profile, `${subject}-${name}.cpuprofile`), JSON.stringify(profile))
      await cdp.detach()
    }
    const events = await page.evaluate(() => window.__bench.events)
    results[name] = timed.map((result) => ({
      nextPaint: result.nextPaint,
      press: result.press,
      release: result.release,
      inputDelay: result.inputDelay,
      processing: result.processing,
      saved: result.saved ?? null,
      listed: result.listed ?? null,
      ownFrame: result.ownFrame ?? null,
      eventTiming: eventTiming(events, result),
    }))
    const paints = results[name].map((r) => r.nextPaint).sort((a, b) => a - b)
    const middle = paints[Math.ceil(paints.length / 2) - 1] ?? NaN
    if (paints.length > 0) say(`  ${INTERACTIONS[name]}: median ${middle.toFixed(1)} ms`)
  }
  return results
}
