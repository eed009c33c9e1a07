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
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/chromium.mjs'
import { INTERACTIONS } from './interactions.mjs'
import { lifecycle } from './lifecycle.mjs'
import { report } from './report.mjs'
import { measureScale } from './scale.mjs'
import * as setup from './setup.mjs'
import { benchNaive, benchOurs } from './subjects.mjs'

const USAGE = `Usage: npm run bench [-- options]
  --tasks <n>      tasks seeded (default 5000)
  --lists <n>      spread over n lists in turn, My tasks and n - 1 of the person's own
                   (default 1: all in My tasks); from 2 on, switch list is timed too
  --reps <n>       timed clicks per interaction (default 50)
  --warmup <n>     untimed clicks before them (default 5)
  --loads <n>      later visits timed for the first list render (default 5)
  --remote <n>     changes made on another device, timed (default 10)
  --pace <ms>      pause before each click (default 100)
  --interactions <names>  only these, comma-separated: ${Object.keys(INTERACTIONS).join(', ')}
  --only <which>   ours, naive, scale: any of them, comma-separated (default all): scale is
                   the clicks on lists fed without the Listen channel
  --scale <sizes>  the fed lists' sizes, comma-separated (default 5000,20000,50000)
  --scale-reps <n> timed clicks per interaction on each fed list (default 20)
  --json <file>    also write the raw figures as JSON
  --profile <dir>  also write a CPU profile of each interaction's clicks, and a CPU profile and
                   a trace of each change from another device (the build's source maps beside)
Runs the emulators on ports 9099 and 8080: stop \`npm start\` and the browser tests, or run it in
its own network namespace: unshare -n bash -c 'ip link set lo up; npm run bench'
`

function parseArgs(argv) {
  const options = { tasks: 5000, lists: 1, reps: 50, warmup: 5, loads: 5, remote: 10, pace: 100 }
  Object.assign(options, { only: SUBJECTS, json: null, profile: null })
  Object.assign(options, { scale: [5000, 20000, 50000], scaleReps: 20 })
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = () => {
      const next = argv[++i]
      if (next === undefined) throw new Error(`${flag} needs a value`)
      return next
    }
    const name = flag.slice(2)
    const counts = ['tasks', 'lists', 'reps', 'warmup', 'loads', 'remote', 'pace', 'scale-reps']
    if (counts.includes(name)) {
      const number = Number(value())
      if (!Number.isInteger(number) || number < 0) throw new Error(`${flag}: a whole number`)
      options[name === 'scale-reps' ? 'scaleReps' : name] = number
    } else if (name === 'scale') {
      options.scale = value().split(',').map(Number)
      if (!options.scale.every((n) => Number.isInteger(n) && n > 0))
        throw new Error('--scale: whole numbers, comma-separated')
    } else if (name === 'only') {
      options.only = value().split(',')
      if (!options.only.every((which) => SUBJECTS.includes(which)))
        throw new Error(`--only: any of ${SUBJECTS.join(', ')}`)
    } else if (name === 'interactions') {
      options.interactions = value().split(',')
      if (!options.interactions.every((which) => which in INTERACTIONS))
        throw new Error(`--interactions: any of ${Object.keys(INTERACTIONS).join(', ')}`)
    } else if (['json', 'profile'].includes(name)) {
      options[name] = value()
    } else if (flag === '--help') {
      process.stdout.write(USAGE)
      process.exit(0)
    } else {
      throw new Error(`Unknown option ${flag}\n\n${USAGE}`)
    }
  }
  if (options.reps === 0 || options.loads === 0) throw new Error('--reps and --loads: at least 1')
  if (options.lists === 0 || options.lists > 201) throw new Error('--lists: 1 to 201')
  return options
}

const SUBJECTS = ['ours', 'naive', 'scale']
const log = (message) => {
  process.stderr.write(`[bench] ${message}\n`)
}
const machine = () => {
  const [one, five] = loadavg()
  return `${String(cpus().length)} cores, load average ${one.toFixed(1)} (1 min), ${five.toFixed(1)} (5 min)`
}

async function main() {
  const options = parseArgs(process.argv.slice(2))
  const started = Date.now()
  const { tmp, cleanups, cleanUp, ownSignals } = lifecycle((line) => {
    log(line)
  })
  try {
    const withNaive = options.only.includes('naive')
    const withScale = options.only.includes('scale')
    // The emulators and the app's build serve every subject but the naive list.
    const withApp = options.only.some((which) => which !== 'naive')
    const withOurs = options.only.includes('ours')
    if (withApp) await setup.checkEmulatorPorts()
    const atStart = machine()
    log('building')
    const env = {}
    const tasks = setup.makeTasks(options.tasks, setup.ACCOUNT.email, options.lists)
    if (withApp) {
      const appDir = join(tmp, 'app')
      await setup.buildApp(appDir, { maps: options.profile !== null })
      if (options.profile) setup.copyAssets(appDir, options.profile)
      log('starting the Auth and Firestore emulators')
      const services = await setup.startEmulators(tmp, log)
      cleanups.push(() => services.stop())
      await setup.seed(tasks, options.lists)
      const app = await setup.serve(appDir, 'app')
      cleanups.push(() => app.server.close())
      env.appUrl = app.url
      env.google = await setup.importThroughVite('../tests/e2e/support/offline-google.ts')
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

    const ours = withOurs ? await benchOurs(browser, env, options, log) : null
    const scale = withScale ? await measureScale(browser, env, options, options.scale, log) : null
    const naive = withNaive ? await benchNaive(browser, env, options, log) : null
    const load = `${atStart} at the start, ${machine().replace(/^\d+ cores, /, '')} at the end`
    const table = report({ options, machine: load, ours, naive, scale })
    const seconds = Math.round((Date.now() - started) / 1000)
    process.stdout.write(`\n${table}\n\nFinished in ${String(seconds)} s.\n`)
    if (options.json) {
      const raw = { options, ours, naive, scale }
      writeFileSync(options.json, JSON.stringify(raw, null, 2))
    }
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
