// `npm run bench`: how the app answers at 5,000 tasks, with the Firestore SDK against Google's
// emulator, in headless Chromium; beside it, the naive reference list (bench/naive: the original
// app's design). See bench/README.md.
//
// It builds both into a temporary directory, starts the Auth and Firestore emulators on the
// app's own ports (9099, 8080: `npm start` and the browser tests must not be running), seeds
// the tasks, serves both builds with `vite preview`, measures, prints the table and stops
// everything it started, also on Ctrl-C.
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { runnerImport } from 'vite'
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/chromium.mjs'
import { findEngine, requestedBackend } from '../scripts/engine.mjs'
import { measureInteractions } from './interactions.mjs'
import { lifecycle } from './lifecycle.mjs'
import { measureRemoteChanges } from './remote.mjs'
import { report } from './report.mjs'
import * as setup from './setup.mjs'
import { firstRender, heapAfterLoad, laterVisits, newContext, signIn } from './visits.mjs'

const USAGE = `Usage: npm run bench [-- options]
  --tasks <n>      tasks seeded (default 5000)
  --reps <n>       timed clicks per interaction (default 50)
  --warmup <n>     untimed clicks before them (default 5)
  --loads <n>      later visits timed for the first list render (default 5)
  --remote <n>     changes made on another device, timed (default 10)
  --pace <ms>      pause before each click (default 100)
  --only <which>   ours | naive (default both)
  --json <file>    also write the raw figures as JSON
  --profile <dir>  also write a CPU profile of each interaction's clicks, and a CPU profile and
                   a trace of each change from another device (the build's source maps beside)
  --backend <b>    firebase-tools | jar: how to run the Firestore emulator (scripts/engine.mjs)
Runs the emulators on ports 9099 and 8080: stop \`npm start\` and the browser tests, or run it in
its own network namespace: unshare -n bash -c 'ip link set lo up; npm run bench'
`

function parseArgs(argv) {
  const options = { tasks: 5000, reps: 50, warmup: 5, loads: 5, remote: 10, pace: 100 }
  Object.assign(options, { only: null, json: null, profile: null })
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = () => {
      const next = argv[++i]
      if (next === undefined) throw new Error(`${flag} needs a value`)
      return next
    }
    const name = flag.slice(2)
    if (['tasks', 'reps', 'warmup', 'loads', 'remote', 'pace'].includes(name)) {
      const number = Number(value())
      if (!Number.isInteger(number) || number < 0) throw new Error(`${flag}: a whole number`)
      options[name] = number
    } else if (['only', 'json', 'profile'].includes(name)) {
      options[name] = value()
      if (name === 'only' && !['ours', 'naive'].includes(options.only))
        throw new Error('--only: ours or naive')
    } else if (flag === '--backend') {
      value() // read by requestedBackend()
    } else if (flag.startsWith('--backend=')) {
      // read by requestedBackend()
    } else if (flag === '--help') {
      process.stdout.write(USAGE)
      process.exit(0)
    } else {
      throw new Error(`Unknown option ${flag}\n\n${USAGE}`)
    }
  }
  if (options.reps === 0 || options.loads === 0) throw new Error('--reps and --loads: at least 1')
  return options
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const log = (message) => {
  process.stderr.write(`[bench] ${message}\n`)
}
const machine = () => {
  const [one, five] = loadavg()
  return `${String(cpus().length)} cores, load average ${one.toFixed(1)} (1 min), ${five.toFixed(1)} (5 min)`
}

async function benchOurs(browser, env, options) {
  log('ours: signing in')
  const { context, page, first } = await signIn(browser, env, setup.ACCOUNT, options.tasks, log)
  log('ours: later visits')
  const loads = await laterVisits(page, env.appUrl, options.loads, options.tasks)
  await sleep(1000)
  const heap = await heapAfterLoad(page)
  log('ours: changes made on another device')
  const remote = await measureRemoteChanges(page, {
    reps: options.remote,
    profile: options.profile,
  })
  log('ours: interactions')
  const interactions = await measureInteractions(page, options, 'ours', log)
  await context.close()

  log(`ours: later visits with ${String(setup.SHORT_LIST)} tasks`)
  const short = await signIn(browser, env, setup.SHORT_LIST_ACCOUNT, setup.SHORT_LIST, log)
  const shortLoads = await laterVisits(short.page, env.appUrl, options.loads, setup.SHORT_LIST)
  await short.context.close()
  return {
    firstVisit: first,
    loads,
    shortList: { tasks: setup.SHORT_LIST, loads: shortLoads },
    heap,
    remote,
    interactions,
  }
}

async function benchNaive(browser, env, options) {
  log('naive reference: loading the list')
  const context = await newContext(browser)
  const page = await context.newPage()
  const loads = []
  for (let i = 0; i < options.loads; i++) {
    await page.goto(env.naiveUrl)
    loads.push(await firstRender(page, options.tasks))
  }
  await sleep(1000)
  const heap = await heapAfterLoad(page)
  log('naive reference: interactions')
  const interactions = await measureInteractions(page, options, 'naive', log)
  await context.close()
  return { loads, heap, interactions }
}

async function main() {
  const options = parseArgs(process.argv.slice(2))
  const started = Date.now()
  const { tmp, cleanups, cleanUp, ownSignals } = lifecycle((line) => {
    log(line)
  })
  try {
    const withOurs = options.only !== 'naive'
    const withNaive = options.only !== 'ours'
    const engine = withOurs ? setup.plainly(() => findEngine(requestedBackend())) : null
    if (withOurs) await setup.checkEmulatorPorts()
    const atStart = machine()
    log('building')
    const env = {}
    const tasks = setup.makeTasks(options.tasks)
    if (withOurs) {
      const appDir = join(tmp, 'app')
      await setup.buildApp(appDir, { maps: options.profile !== null })
      if (options.profile) setup.copyAssets(appDir, options.profile)
      log(`starting the Auth emulator and ${engine.name}`)
      const services = await setup.startEmulators(engine, tmp, log)
      cleanups.push(() => services.stop())
      await setup.seed(tasks)
      const app = await setup.serve(appDir, 'app')
      cleanups.push(() => app.server.close())
      env.appUrl = app.url
      env.google = (
        await runnerImport(
          fileURLToPath(new URL('../tests/e2e/support/offline-google.ts', import.meta.url)),
        )
      ).module
    }
    if (withNaive) {
      const naiveDir = join(tmp, 'naive')
      await setup.buildNaive(naiveDir, tasks)
      const naive = await setup.serve(naiveDir, 'naive')
      cleanups.push(() => naive.server.close())
      env.naiveUrl = naive.url
    }
    ownSignals()

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
    const load = `${atStart} at the start, ${machine().replace(/^\d+ cores, /, '')} at the end`
    const table = report({ options, machine: load, ours, naive })
    const seconds = Math.round((Date.now() - started) / 1000)
    process.stdout.write(`\n${table}\n\nFinished in ${String(seconds)} s.\n`)
    if (options.json) writeFileSync(options.json, JSON.stringify({ options, ours, naive }, null, 2))
  } finally {
    await cleanUp()
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    // What the person can act on says so plainly; anything else comes with its stack.
    const plain = error instanceof setup.PlainError
    console.error(error instanceof Error ? (plain ? error.message : error.stack) : error)
    process.exit(1)
  },
)
