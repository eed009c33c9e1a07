// `npm run bench`: how fast the task list answers at 5,000 tasks, against the naive reference
// list (bench/naive: the original app's design), in headless Chromium. See bench/README.md.
//
// It builds both into a temporary directory, starts its own Auth emulator and Firestore engine
// (scripts/engine.mjs; --backend= or TODO_BACKEND forces one) on free ports (the browser's requests to the app's fixed emulator ports 9099/8080 are
// routed to them, so a running `npm start` or e2e suite is not disturbed), seeds the tasks,
// serves both builds with `vite preview`, measures, prints the table and stops everything.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { chromium } from '@playwright/test'
import { build, preview, runnerImport } from 'vite'
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/chromium.mjs'
import {
  DEFAULT_PORTS,
  engineServices,
  findEngine,
  HOST,
  requestedBackend,
} from '../scripts/engine.mjs'
import { clearDatabase, seedTasks } from '../scripts/firestore-rest.mjs'
import { startProcesses, startTimeoutMs } from '../scripts/processes.mjs'
import { installHarness } from './harness.js'
import { measureRefreshes, recordingDelays } from './refresh.mjs'

const repo = fileURLToPath(new URL('..', import.meta.url))
const benchDir = fileURLToPath(new URL('.', import.meta.url))

const USAGE = `Usage: npm run bench [-- options]
  --tasks <n>      tasks seeded (default 5000)
  --reps <n>       timed repetitions per interaction (default 50)
  --warmup <n>     untimed repetitions before them (default 5)
  --loads <n>      page loads for the first-render figure (default 5)
  --pace <ms>      pause before each click (default 100)
  --only <which>   ours | naive (default both)
  --json <file>    also write the raw figures as JSON
  --profile <dir>  also record a CPU profile of each interaction phase and refresh (.cpuprofile),
                   and a detailed trace of each refresh (.trace.json)
  --refreshes <n>  timed refreshes of the list at 5,000 and at 1,000 tasks (default 5; 0: none)
`

function parseArgs(argv) {
  const options = {
    tasks: 5000,
    reps: 50,
    warmup: 5,
    loads: 5,
    pace: 100,
    only: null,
    json: null,
    profile: null,
    refreshes: 5,
  }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = () => {
      const next = argv[++i]
      if (next === undefined) throw new Error(`${flag} needs a value`)
      return next
    }
    switch (flag) {
      case '--tasks':
      case '--reps':
      case '--warmup':
      case '--loads':
      case '--refreshes':
      case '--pace': {
        const number = Number(value())
        if (!Number.isInteger(number) || number < 0) throw new Error(`${flag}: a whole number`)
        options[flag.slice(2)] = number
        break
      }
      case '--only':
        options.only = value()
        if (!['ours', 'naive'].includes(options.only)) throw new Error('--only: ours or naive')
        break
      case '--json':
        options.json = value()
        break
      case '--profile':
        options.profile = value()
        break
      case '--help':
        process.stdout.write(USAGE)
        process.exit(0)
        break
      default:
        throw new Error(`Unknown option ${flag}\n\n${USAGE}`)
    }
  }
  return options
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const log = (message) => {
  process.stderr.write(`[bench] ${message}\n`)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => {
        resolve(port)
      })
    })
  })
}

// ---------------------------------------------------------------------------------------------
// The tasks: half open, half finished (the finished ones at the end, as the app keeps them),
// mostly one line, every seventh long enough to wrap.

const EMAIL = 'bench@example.com'
const DISPLAY_NAME = 'Bench User'
const FINISHED_ORDER_BASE = 2 ** 40
const WORDS = ['Buy oat milk', 'Call the plumber', 'Write the report', 'Water the plants']

function makeTasks(count) {
  const open = Math.ceil(count / 2)
  return Array.from({ length: count }, (_, i) => {
    const isFinished = i >= open
    const words = WORDS[i % WORDS.length]
    const long = i % 7 === 3 ? ` and then ${'tidy the shelves, '.repeat(4)}at last` : ''
    return {
      id: `bench${String(i).padStart(5, '0')}`,
      task: `Task ${String(i + 1)}: ${words}${long}`,
      isFinished,
      email: EMAIL,
      order: isFinished ? FINISHED_ORDER_BASE + (i - open) : i,
    }
  })
}

async function seed(backendUrl, tasks) {
  await clearDatabase(backendUrl)
  await seedTasks(backendUrl, tasks)
}

// ---------------------------------------------------------------------------------------------
// Measuring in the page.

const VIEWPORT = { width: 1280, height: 800 }
const PRESS_MS = 50

/** The centre of a row's button ('first' or 'last' row), scrolled into view, and the list. */
/** The centre of the element `selector` finds, in the page's coordinates, to click there. */
function centreOf(page, selector) {
  return page.evaluate((s) => {
    const rect = document.querySelector(s).getBoundingClientRect()
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }
  }, selector)
}

async function target(page, which, button) {
  const found = await page.evaluate(([w, b]) => window.__bench.target(w, b), [which, button])
  if (!found) throw new Error(`No ${button} in the ${which} row`)
  return found
}

/**
 * Clicks at `point` with a real (trusted) mouse click, as a person does: the pointer arrives,
 * rests a moment, presses, holds 50 ms (a person's click lasts 80 to 120 ms) and releases. The
 * press and the release thus land anywhere in the frame cycle, as real input does. Returns
 * the harness's measurement.
 */
async function timedClick(page, point, label, counter) {
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

function check(condition, message) {
  if (!condition) throw new Error(`Check failed: ${message}`)
}

/**
 * The five interactions, `warmup + reps` times each, on the page's list; each result is
 * checked against what the frame after the click showed, so a figure is never that of a click
 * that did nothing (or whose effect came in a later frame).
 */
async function measureInteractions(page, options, subject) {
  const counter = { clicks: 0 }
  const input = page.locator('#new-task')
  const dialog = page.locator('dialog.edit-dialog[open]')
  const total = options.warmup + options.reps
  const results = {}
  const scrollTo = async (where) => {
    await page.evaluate((bottom) => {
      window.scrollTo(0, bottom ? document.documentElement.scrollHeight : 0)
    }, where === 'bottom')
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
  }
  const TOGGLE_OPEN = 'button.toggle[title="Mark as complete"]'
  const TOGGLE_DONE = 'button.toggle[title="Mark as incomplete"]'

  const phases = {
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
      if (subject === 'ours') {
        check(result.probe.focused === toggle.text, 'mark done: focus did not follow the task')
      }
      return result
    },
    incomplete: async () => {
      await scrollTo('bottom')
      const toggle = await target(page, 'last', TOGGLE_DONE)
      const result = await timedClick(page, toggle, 'incomplete', counter)
      check(result.probe.first === toggle.text, 'mark incomplete: the task is not at the top')
      return result
    },
    edit: async (rep) => {
      const text = `Edited in the benchmark ${String(rep)}`
      const edit = await target(page, 'first', ':scope > button:nth-of-type(2)')
      await page.mouse.click(edit.x, edit.y)
      await dialog.locator('input').fill(text)
      const save = await centreOf(page, 'dialog.edit-dialog[open] button[type="submit"]')
      const result = await timedClick(page, save, 'edit', counter)
      check(result.probe.first === text, 'save an edit: the text did not change')
      await dialog.waitFor({ state: 'hidden' })
      return result
    },
    delete: async () => {
      const remove = await target(page, 'first', ':scope > button.danger')
      const result = await timedClick(page, remove, 'delete', counter)
      check(result.probe.first !== remove.text, 'delete: the first row is still there')
      check(result.probe.size === remove.size - 1, 'delete: the list did not shrink')
      return result
    },
  }

  for (const [name, run] of Object.entries(phases)) {
    await scrollTo('top')
    await sleep(options.pace)
    const timed = []
    const cdp = options.profile ? await page.context().newCDPSession(page) : null
    for (let rep = 0; rep < total; rep++) {
      if (cdp && rep === options.warmup) {
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
        await cdp.send('Profiler.start')
      }
      const result = await run(rep)
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
    const recorded = subject === 'ours' ? await recordingDelays(page, timed) : []
    results[name] = timed.map((result, index) => {
      // Event Timing's entries for this click's events (it reports none under 16 ms).
      const durations = events
        .filter(
          (e) => e.startTime >= result.pressStart - 0.01 && e.startTime <= result.start + 0.01,
        )
        .map((e) => e.duration)
      return {
        nextPaint: result.nextPaint,
        press: result.press,
        release: result.release,
        inputDelay: result.inputDelay,
        processing: result.processing,
        frame: result.frame,
        eventTiming: durations.length ? Math.max(...durations) : null,
        recorded: recorded[index] ?? null,
      }
    })
    log(`  ${LABELS[name]}: median ${fmt(median(results[name].map((r) => r.nextPaint)))} ms`)
  }
  return results
}

/** Waits for the list's first render in `page` and returns its timings. */
async function firstRender(page, rows) {
  const handle = await page.waitForFunction(() => window.__bench.load, null, { timeout: 60_000 })
  const load = await handle.jsonValue()
  if (load.dataReceived === null) {
    // The answer went to a worker: its end, on the page's clock.
    for (let waited = 0; !queryEnds.has(page.context()) && waited < 2000; waited += 50) {
      await sleep(50)
    }
    const end = queryEnds.get(page.context())
    if (end !== undefined) {
      load.dataReceived = end - (await page.evaluate(() => performance.timeOrigin))
    }
  }
  check(load.rows > 0, 'no rows rendered')
  if (rows !== undefined) check(load.rows === rows, `first render: ${String(load.rows)} rows`)
  return {
    ...load,
    fromData: load.dataReceived === null ? null : load.painted - load.dataReceived,
  }
}

/** The JS heap after a full garbage collection, and the DOM size. */
async function heapAfterLoad(page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  await cdp.send('Performance.enable')
  const { metrics } = await cdp.send('Performance.getMetrics')
  await cdp.detach()
  const metric = (name) => metrics.find((m) => m.name === name)?.value ?? null
  return { heapMB: usedSize / 2 ** 20, domNodes: metric('Nodes') }
}

// ---------------------------------------------------------------------------------------------
// The two subjects.

/** Routes the app's requests to the emulator ports (9099, 8080) to the bench's own servers. */
async function routeEmulators(context, ports) {
  for (const [fixed, actual] of [
    [DEFAULT_PORTS.auth, ports.auth],
    [DEFAULT_PORTS.firestore, ports.backend],
  ]) {
    await context.route(`http://${HOST}:${String(fixed)}/**`, async (route) => {
      const url = new URL(route.request().url())
      url.port = String(actual)
      try {
        const response = await route.fetch({ url: url.toString(), maxRedirects: 0 })
        const headers = response.headers()
        if (headers.location) {
          headers.location = headers.location.replace(`:${String(actual)}`, `:${String(fixed)}`)
        }
        await route.fulfill({ response, headers })
      } catch {
        await route.abort().catch(() => undefined)
      }
    })
  }
}

/**
 * When each context's last query answer ended (ms since the epoch), read from the network: the
 * app's query runs in a worker, whose resource timings the page cannot see.
 */
const queryEnds = new WeakMap()

async function newContext(browser, extra = {}) {
  // Reduced motion: no confetti animating over the next clicks (it is not the list).
  // Service workers blocked: the app's offline worker is not what is measured.
  const context = await browser.newContext({
    viewport: VIEWPORT,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    ...extra,
  })
  await context.addInitScript(installHarness)
  context.on('requestfinished', (request) => {
    if (!request.url().includes(':runQuery')) return
    const { startTime, responseEnd } = request.timing()
    if (responseEnd >= 0) queryEnds.set(context, startTime + responseEnd)
  })
  return context
}

/**
 * Opens `url` `options.loads` times, each in a new context, timing the first list render; the
 * last page stays open (a second later, once the load has settled) for the interactions.
 */
async function loadRepeatedly(browser, url, options, { contextOptions = {}, prepare } = {}) {
  const loads = []
  let context
  let page
  for (let i = 0; i < Math.max(1, options.loads); i++) {
    await context?.close()
    context = await newContext(browser, contextOptions)
    await prepare?.(context)
    page = await context.newPage()
    await page.goto(url)
    loads.push(await firstRender(page, options.tasks))
  }
  await sleep(1000)
  return { loads, context, page }
}

async function benchOurs(browser, env, options) {
  const { routeGoogleOffline, signInThroughEmulatorPopup } = env.google
  const prepare = async (context) => {
    await routeGoogleOffline(context)
    await routeEmulators(context, env.ports)
  }

  log('ours: signing in and loading the list')
  const first = await newContext(browser)
  await prepare(first)
  const signInPage = await first.newPage()
  await signInPage.goto(env.appUrl)
  await signInThroughEmulatorPopup(signInPage, { email: EMAIL, displayName: DISPLAY_NAME }, () =>
    signInPage.getByRole('button', { name: 'Login now' }).click(),
  )
  const coldSignIn = await firstRender(signInPage)
  // Later visits: signed in (the Auth session only: no list kept on the device), fresh cache.
  const state = await first.storageState({ indexedDB: true })
  for (const origin of state.origins) {
    origin.indexedDB = (origin.indexedDB ?? []).filter((db) => db.name === 'firebaseLocalStorageDb')
    origin.localStorage = []
  }
  await first.close()

  const { loads, context, page } = await loadRepeatedly(browser, env.appUrl, options, {
    contextOptions: { storageState: state },
    prepare,
  })
  const heap = await heapAfterLoad(page)
  log('ours: interactions')
  const interactions = await measureInteractions(page, options, 'ours')
  const refreshes = {}
  if (options.refreshes > 0) {
    for (const size of [options.tasks, 1000]) {
      if (size !== options.tasks) {
        await seed(env.backendUrl, makeTasks(size))
        await page.reload()
        // The list kept on the device (the previous size) shows first; wait for the server's.
        await page.waitForFunction(
          (n) => document.querySelector('[aria-setsize]')?.getAttribute('aria-setsize') === n,
          String(size),
          { timeout: 120_000 },
        )
      }
      log(`ours: refreshing the list of ${String(size)} tasks`)
      refreshes[size] = await measureRefreshes(page, {
        reps: options.refreshes,
        ...(options.profile ? { profileTo: join(options.profile, `refresh-${String(size)}`) } : {}),
      })
    }
  }
  await context.close()
  return { loads, coldSignIn, heap, interactions, refreshes }
}

async function benchNaive(browser, env, options) {
  log('naive reference: loading the list')
  const { loads, context, page } = await loadRepeatedly(browser, env.naiveUrl, options)
  const heap = await heapAfterLoad(page)
  log('naive reference: interactions')
  const interactions = await measureInteractions(page, options, 'naive')
  await context.close()
  return { loads, heap, interactions }
}

// ---------------------------------------------------------------------------------------------
// Figures.

function quantile(values, q) {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}
const median = (values) => quantile(values, 0.5)
const fmt = (value, digits = 1) => (value === null ? '–' : value.toFixed(digits))

const GOALS = { median: 16, p95: 50, ratio: 5, firstRender: 300 }

const LABELS = {
  add: 'add',
  done: 'mark done',
  incomplete: 'mark incomplete',
  edit: 'save an edit',
  delete: 'delete',
}

/** Event Timing reports only durations of 16 ms or more: a missing one is "< 16". */
function eventTimingQuantile(results, q) {
  const values = results.map((r) => r.eventTiming ?? -1).sort((a, b) => a - b)
  if (values.length === 0) return '–'
  const value = values[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)]
  return value < 0 ? '<16' : fmt(value, 0)
}

function report(options, ours, naive) {
  const lines = []
  const out = (line = '') => lines.push(line)
  const table = (header, rows) => {
    const widths = header.map((cell, i) =>
      Math.max(cell.length, ...rows.map((row) => row[i].length)),
    )
    const line = (cells) =>
      cells
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
        .join('  ')
    out(line(header))
    out(widths.map((w) => '-'.repeat(w)).join('  '))
    for (const row of rows) out(line(row))
  }
  const names = Object.keys(LABELS)
  const stats = (run, name) => {
    const results = run?.interactions[name] ?? []
    const paint = results.map((r) => r.nextPaint)
    return {
      results,
      median: median(paint),
      p95: quantile(paint, 0.95),
    }
  }
  const times = (value) => (value === null ? '–' : `${fmt(value)}×`)
  const ratio = (a, b) => (a === null || b === null ? null : b / a)

  out(
    `Task list with ${String(options.tasks)} tasks; headless Chromium, ${String(VIEWPORT.width)}×${String(VIEWPORT.height)}; ` +
      `each interaction ${String(options.reps)} times (after ${String(options.warmup)} untimed), ${String(options.pace)} ms apart.`,
  )
  out('Click → next paint, in ms: from the input event to the end of the next frame on the main')
  out('thread, for the press (pointerdown) and the release (click) of a 50 ms click; the longer.')
  out()
  table(
    ['interaction', 'ours median', 'p95', 'naive median', 'p95', 'speed-up median', 'p95'],
    names.map((name) => {
      const a = stats(ours, name)
      const b = stats(naive, name)
      return [
        LABELS[name],
        fmt(a.median),
        fmt(a.p95),
        fmt(b.median),
        fmt(b.p95),
        times(ratio(a.median, b.median)),
        times(ratio(a.p95, b.p95)),
      ]
    }),
  )
  out()
  out('Ours, where the time goes (medians, ms): the press; the release, its input delay and the')
  out("app's handlers with React's render. Then Event Timing's duration for the same clicks")
  out('(median / p95; it rounds to 8 ms and includes presentation, so it reads a little higher):')
  out()
  table(
    [
      'interaction',
      'press',
      'release',
      'input delay',
      'handlers + render',
      'Event Timing: ours',
      'naive',
    ],
    names.map((name) => {
      const a = stats(ours, name).results
      const b = stats(naive, name).results
      const et = (results) =>
        results.length
          ? `${eventTimingQuantile(results, 0.5)} / ${eventTimingQuantile(results, 0.95)}`
          : '–'
      return [
        LABELS[name],
        fmt(median(a.map((r) => r.press))),
        fmt(median(a.map((r) => r.release))),
        fmt(median(a.map((r) => r.inputDelay))),
        fmt(median(a.map((r) => r.processing))),
        et(a),
        et(b),
      ]
    }),
  )
  out()
  const loads = (run) => run?.loads.map((l) => l.fromData) ?? []
  const loadLine = (run) =>
    run
      ? `median ${fmt(median(loads(run)))} ms (${loads(run)
          .map((v) => fmt(v, 0))
          .join(', ')})`
      : '–'
  out(
    'First list render, from the response carrying the tasks to the end of the frame showing them:',
  )
  out(`  ours:  ${loadLine(ours)}`)
  out(`  naive: ${loadLine(naive)}`)
  if (ours)
    out(
      `  ours, the first load, right after the popup sign-in: ${fmt(ours.coldSignIn.fromData)} ms`,
    )
  if (ours) {
    const delays = names.flatMap((name) => stats(ours, name).results.map((r) => r.recorded))
    out()
    out(
      `Click → change recorded on the device (IndexedDB; closing the tab before it asks first): ` +
        `median ${fmt(median(delays))} ms, p95 ${fmt(quantile(delays, 0.95))} ms`,
    )
    const sizes = Object.keys(ours.refreshes ?? {})
    if (sizes.length > 0) {
      out()
      out('A refresh of an unchanged list (the query again, merged; triggered as "online" does):')
      table(
        [
          'tasks',
          'answer (bytes, uncompressed)',
          'until up to date, median',
          'main thread: the refresh, median',
          'p95',
          'everything in that time, median',
        ],
        sizes.map((size) => {
          const runs = ours.refreshes[size]
          return [
            size,
            String(median(runs.map((r) => r.bytes))),
            `${fmt(median(runs.map((r) => r.totalMs)))} ms`,
            `${fmt(median(runs.map((r) => r.mainThreadMs)))} ms`,
            `${fmt(
              quantile(
                runs.map((r) => r.mainThreadMs),
                0.95,
              ),
            )} ms`,
            `${fmt(median(runs.map((r) => r.windowMs)))} ms`,
          ]
        }),
      )
    }
  }
  out()
  out('After load, after garbage collection:')
  for (const [name, run] of [
    ['ours', ours],
    ['naive', naive],
  ]) {
    if (run)
      out(
        `  ${name.padEnd(6)} JS heap ${fmt(run.heap.heapMB)} MB, ${String(run.heap.domNodes)} DOM nodes`,
      )
  }

  if (ours) {
    const verdicts = []
    for (const name of names) {
      const a = stats(ours, name)
      const b = stats(naive, name)
      verdicts.push([
        `${LABELS[name]}: median ≤ ${String(GOALS.median)} ms`,
        a.median <= GOALS.median,
      ])
      verdicts.push([`${LABELS[name]}: p95 ≤ ${String(GOALS.p95)} ms`, a.p95 <= GOALS.p95])
      if (naive) {
        verdicts.push([
          `${LABELS[name]}: median ≥ ${String(GOALS.ratio)}× faster than the naive list`,
          ratio(a.median, b.median) >= GOALS.ratio,
        ])
      }
    }
    verdicts.push([
      `first list render ≤ ${String(GOALS.firstRender)} ms`,
      loads(ours).every((v) => v !== null) && median(loads(ours)) <= GOALS.firstRender,
    ])
    const refreshed = ours.refreshes?.[options.tasks]
    if (refreshed) {
      verdicts.push([
        `a refresh of ${String(options.tasks)} unchanged tasks: main thread median ≤ ${String(GOALS.median)} ms`,
        median(refreshed.map((r) => r.mainThreadMs)) <= GOALS.median,
      ])
    }
    out()
    out(
      `Goals: ${String(verdicts.filter(([, met]) => met).length)} of ${String(verdicts.length)} met`,
    )
    for (const [goal, met] of verdicts) out(`  ${met ? 'met    ' : 'NOT MET'}  ${goal}`)
  }
  return lines.join('\n')
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const options = parseArgs(process.argv.slice(2))
  const started = Date.now()
  const tmp = mkdtempSync(join(tmpdir(), 'todo-bench-'))
  const cleanups = []
  let cleaning = null
  const cleanUp = () => {
    cleaning ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup()
        } catch (error) {
          log(`cleanup: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
      rmSync(tmp, { recursive: true, force: true })
    })()
    return cleaning
  }
  const onSignal = (signal) => {
    log(`${signal}: stopping`)
    void cleanUp().then(() => process.exit(130))
  }
  // Only this handler stops the run, so that everything started is stopped first: `vite
  // preview` would exit on SIGTERM (or when stdin ends), Playwright on SIGINT.
  const ownSignals = () => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      for (const listener of process.listeners(signal)) process.off(signal, listener)
      process.once(signal, onSignal)
    }
    process.stdin.removeAllListeners('end')
  }
  ownSignals()

  try {
    const ports = {}
    for (const name of ['auth', 'hub', 'logging', 'websocket', 'backend', 'app', 'naive']) {
      ports[name] = await freePort()
    }
    const withOurs = options.only !== 'naive'
    const withNaive = options.only !== 'ours'

    // The production builds. The app is built for the local emulators whatever .env says.
    log('building')
    const appDir = join(tmp, 'app')
    const naiveDir = join(tmp, 'naive')
    if (withOurs) {
      Object.assign(process.env, {
        VITE_USE_EMULATORS: 'true',
        VITE_FIREBASE_API_KEY: '',
        VITE_FIREBASE_AUTH_DOMAIN: '',
        VITE_FIREBASE_PROJECT_ID: '',
        VITE_FIREBASE_APP_ID: '',
      })
      await build({ root: repo, logLevel: 'warn', build: { outDir: appDir, emptyOutDir: true } })
      // The profiles name minified code: keep the build's source maps beside them.
      if (options.profile)
        cpSync(join(appDir, 'assets'), join(options.profile, 'assets'), { recursive: true })
    }
    const tasks = makeTasks(options.tasks)
    if (withNaive) {
      await build({
        configFile: false,
        root: join(benchDir, 'naive'),
        base: '/naive/',
        plugins: [react()],
        logLevel: 'warn',
        build: { outDir: naiveDir, emptyOutDir: true, target: 'es2022' },
      })
      writeFileSync(join(naiveDir, 'tasks.json'), JSON.stringify(tasks))
    }

    const env = { ports }
    if (withOurs) {
      const engine = findEngine(requestedBackend())
      log(`starting the Auth emulator and ${engine.name} (${engine.reason})`)
      const host = '127.0.0.1'
      const services = await startProcesses(
        engineServices(engine, {
          ports: { ...ports, firestore: ports.backend },
          configDir: join(tmp, 'firebase'),
        }),
        { timeoutMs: startTimeoutMs([]), logDir: join(tmp, 'logs'), say: log },
      )
      cleanups.push(() => services.stop())
      env.backendUrl = `http://${host}:${String(ports.backend)}`
      await seed(env.backendUrl, tasks)

      const appServer = await preview({
        root: repo,
        logLevel: 'warn',
        build: { outDir: appDir },
        preview: { host, port: ports.app, strictPort: true, open: false },
      })
      cleanups.push(() => appServer.close())
      ownSignals()
      env.appUrl = `http://${host}:${String(ports.app)}/todo/`
      const { module } = await runnerImport(join(repo, 'tests/e2e/support/offline-google.ts'))
      env.google = module
    }
    if (withNaive) {
      const naiveServer = await preview({
        configFile: false,
        root: join(benchDir, 'naive'),
        base: '/naive/',
        logLevel: 'warn',
        build: { outDir: naiveDir },
        preview: { host: '127.0.0.1', port: ports.naive, strictPort: true, open: false },
      })
      cleanups.push(() => naiveServer.close())
      ownSignals()
      env.naiveUrl = `http://127.0.0.1:${String(ports.naive)}/naive/`
    }

    const browser = await chromium.launch({
      executablePath: await chromiumExecutable(),
      args: CHROMIUM_ARGS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    })
    cleanups.push(() => browser.close())

    const ours = withOurs ? await benchOurs(browser, env, options) : null
    const naive = withNaive ? await benchNaive(browser, env, options) : null

    const table = report(options, ours, naive)
    process.stdout.write(
      `\n${table}\n\nFinished in ${String(Math.round((Date.now() - started) / 1000))} s.\n`,
    )
    if (options.json) {
      writeFileSync(options.json, JSON.stringify({ options, ours, naive }, null, 2))
    }
  } finally {
    await cleanUp()
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
