// `npm run lighthouse`: Lighthouse 13 (mobile, simulated throttling: its defaults) on the
// production build served under /todo/ by `vite preview`, with the Auth and Firestore
// emulators (scripts/emulators.ts), for two pages:
//   - signed out: a first visit, in a new profile each run;
//   - signed in, with 100 tasks: a profile signed in through the emulator's real popup, 100
//     tasks seeded through the REST API with the emulators' admin token. Lighthouse clears the
//     HTTP cache, the service worker and Cache Storage before each run, but not IndexedDB, where
//     Auth keeps the session and the Firestore SDK its copy of the list: a returning user whose
//     browser has dropped the app's files.
// Each page is measured --runs times (default 5); the run with the median performance score is
// reported, with the reasons for every point lost, and saved (HTML and JSON) in
// test-results/lighthouse/. Exits non-zero below the targets: performance 98, accessibility 100,
// best practices 100, SEO 90. Everything it starts, it stops.
//
// Flags: --runs N, --no-build (use the existing dist/todo/), --only signed-out|signed-in,
// --trace (also save the median run's Chromium trace, for the Performance panel).
// Chromium: CHROME_PATH (or CHROMIUM_PATH), else /usr/bin/chromium.
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import lighthouse from 'lighthouse'
import { runnerImport } from 'vite'
import { emulatorServices, freePort, HOST, PORTS, startServices } from './emulators.ts'
import { seedTasks as storeTasks } from './firestore-rest.mjs'
import { newTask } from '../src/services/taskDocument.ts'

const APP = 'http://127.0.0.1:4173/todo/'
const BACKEND = `http://${HOST}:${String(PORTS.firestore)}`
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 90 }
const CHROMIUM = process.env.CHROME_PATH ?? (await chromiumPath())
const OUT = 'test-results/lighthouse'
// Through Vite, which resolves the app's extensionless imports (Node does not).
const { FINISHED_ORDER_BASE } = (await runnerImport('./src/features/tasks/model/ordering.ts'))
  .module

const argument = (name) => {
  const index = process.argv.indexOf(name)
  return index === -1 ? undefined : process.argv[index + 1]
}
const runs = Number(argument('--runs') ?? 5)
const only = argument('--only')

/** Chromium with a DevTools port for Lighthouse, on the profile in `userDataDir`. */
async function startChromium(userDataDir) {
  const port = await freePort()
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${String(port)}`],
  })
  return { port, stop: () => context.close() }
}

/** Signs `person` in through the Auth emulator's popup, in a profile kept in `userDataDir`. */
async function signInProfile(userDataDir, person, taskCount) {
  const { module: google } = await runnerImport('./tests/e2e/support/offline-google.ts')
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  })
  try {
    await google.routeGoogleOffline(context)
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(APP)
    await google.signInThroughEmulatorPopup(page, person, () =>
      page.getByRole('button', { name: 'Login now' }).click(),
    )
    await page.getByText(`Welcome, ${person.displayName}`).waitFor()
    // Long lists draw only the rows near the viewport, and each row knows the list's length;
    // a list of 31 to 200 tasks first draws a screenful, then the rest.
    const rows = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem')
    let shown = 0
    for (let waited = 0; shown !== taskCount && waited < 30_000; waited += 250) {
      if (waited > 0) await page.waitForTimeout(250)
      await rows.first().waitFor()
      const size = await rows.first().evaluate((row) => row.getAttribute('aria-setsize'))
      shown = size === null ? await rows.count() : Number(size)
    }
    if (shown !== taskCount) throw new Error(`The list shows ${shown} tasks, not ${taskCount}.`)
    // The Firestore SDK has the list in its IndexedDB cache once the server has answered; a
    // moment more for its last writes there, so the audited visit opens from the cache.
    await page.waitForTimeout(1500)
  } finally {
    await context.close()
  }
}

/** 100 tasks for `email`: 70 open, 30 finished, as the app orders them. */
async function seedTasks(email, count) {
  const texts = [
    'Buy oat milk and bread',
    'Write the quarterly report for the board',
    'Call the plumber about the kitchen tap',
    'Book the dentist',
  ]
  const tasks = Array.from({ length: count }, (_, index) => {
    const finished = index >= count * 0.7
    return newTask({
      id: `lighthouse-${String(index).padStart(3, '0')}`,
      task: `Task ${index + 1}: ${texts[index % 4]}`,
      isFinished: finished,
      email,
      order: finished ? FINISHED_ORDER_BASE + index : index + 1,
    })
  })
  await storeTasks(BACKEND, tasks)
}

/**
 * Runs Lighthouse --runs times on a Chromium with the profile `profile()` gives: a new one each
 * run for a first visit, or always the same signed-in one.
 */
async function audit(name, profile) {
  const results = []
  for (let run = 1; run <= runs; run++) {
    const chrome = await startChromium(profile())
    try {
      const result = await lighthouse(APP, {
        port: chrome.port,
        output: ['html', 'json'],
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
        // JavaScript samples in the saved trace, so the Performance panel can show functions.
        ...(process.argv.includes('--trace') && {
          additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler',
        }),
      })
      if (!result) throw new Error('Lighthouse returned no result.')
      const scores = Object.fromEntries(
        Object.keys(TARGETS).map((id) => [
          id,
          Math.round((result.lhr.categories[id]?.score ?? 0) * 100),
        ]),
      )
      console.log(
        `  ${name}, run ${run}: ${Object.entries(scores)
          .map(([id, score]) => `${id} ${score}`)
          .join(', ')}`,
      )
      // A run Lighthouse could not complete (its scores are zeros) says nothing about the page.
      const error = result.lhr.runtimeError
      if (error) console.log(`    not counted: ${error.code}: ${error.message}`)
      else results.push({ result, scores })
    } finally {
      await chrome.stop()
    }
  }
  if (results.length === 0) throw new Error(`No Lighthouse run of ${name} completed.`)
  results.sort((a, b) => a.scores.performance - b.scores.performance)
  const median = results[Math.floor((results.length - 1) / 2)]
  mkdirSync(OUT, { recursive: true })
  const [html, json] = median.result.report
  writeFileSync(join(OUT, `${name}.report.html`), html)
  writeFileSync(join(OUT, `${name}.report.json`), json)
  if (process.argv.includes('--trace')) {
    writeFileSync(join(OUT, `${name}.trace.json`), JSON.stringify(median.result.artifacts.Trace))
  }
  return median
}

/** The scores, the metrics, and every audit that cost points, with what it found. */
function report(name, { result, scores }) {
  const { lhr } = result
  console.log(`\n${name} (the median run by performance): ${APP}`)
  let met = true
  for (const [id, target] of Object.entries(TARGETS)) {
    const ok = scores[id] >= target
    met &&= ok
    console.log(
      `  ${ok ? 'ok  ' : 'LOW '} ${lhr.categories[id].title}: ${scores[id]} (target ${target})`,
    )
  }
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]
  console.log(
    `  metrics: ${metrics.map((id) => `${lhr.audits[id].title} ${lhr.audits[id].displayValue}`).join(', ')}`,
  )
  for (const id of Object.keys(TARGETS)) {
    const lost = lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((item) => item.score !== null && item.score < 1)
    for (const item of lost) {
      const details = (item.details?.items ?? [])
        .slice(0, 5)
        .map(
          (entry) =>
            entry.node?.snippet ??
            entry.url ??
            entry.source?.url ??
            entry.description ??
            entry.label,
        )
        .filter(Boolean)
      console.log(
        `  - ${lhr.categories[id].title}: ${item.title} (score ${item.score}` +
          `${item.displayValue ? `, ${item.displayValue}` : ''})` +
          (details.length > 0 ? `\n      ${details.join('\n      ')}` : ''),
      )
    }
  }
  for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`)
  return met
}

let services
const profiles = []
const cleanUp = async () => {
  await services?.stop()
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true })
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)))
process.on('SIGTERM', () => void cleanUp().then(() => process.exit(143)))

let allMet = true
try {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    })
    if (build.status !== 0) throw new Error('The build failed.')
  }
  services = await startServices(
    [
      ...(await emulatorServices()),
      {
        name: 'App (vite preview)',
        command: 'node_modules/.bin/vite',
        args: ['preview', '--strictPort'],
        url: APP,
        port: 4173,
      },
    ],
    { logDir: 'test-results/logs/lighthouse' },
  )
  console.log(`Lighthouse ${runs} × per page, on ${APP}`)

  const newProfile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'todo-lighthouse-'))
    profiles.push(dir)
    return dir
  }
  if (only !== 'signed-in') {
    allMet = report('signed-out', await audit('signed-out', newProfile)) && allMet
  }
  if (only !== 'signed-out') {
    const profile = newProfile()
    const person = { email: `lighthouse-${Date.now()}@example.com`, displayName: 'Ada Lovelace' }
    await seedTasks(person.email, 100)
    await signInProfile(profile, person, 100)
    allMet = report('signed-in, 100 tasks', await audit('signed-in', () => profile)) && allMet
  }
  console.log(`\nReports: ${OUT}/`)
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  allMet = false
} finally {
  await cleanUp()
}
process.exit(allMet ? 0 : 1)
