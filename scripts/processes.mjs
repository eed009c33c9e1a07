// Starts the local services as child processes, one after another, each once the one before
// answers (so whoever waits for the last one, as Playwright does, finds them all up), and
// stops them all together: on Ctrl-C, on a failure of any, or when the caller is done.
// Shared by `npm start`, the browser tests, `npm run lighthouse` and `npm run bench`, with the
// specs of the services they start.
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) })
    return response.status < 500
  } catch {
    return false
  }
}

const running = (child) => child.exitCode === null && child.signalCode === null

/**
 * @param {{ name: string, command: string, args: string[], readyUrl?: string,
 *   env?: Record<string, string>, quiet?: boolean }[]} specs
 */
export async function startProcesses(specs, { timeoutMs = 60_000 } = {}) {
  const children = []
  let stopping = false
  let reportExit
  const exited = new Promise((resolve) => {
    reportExit = resolve
  })

  const signalAll = (signal) => {
    for (const child of children) {
      if (!running(child)) continue
      try {
        // Each child leads its own process group: signal the group, grandchildren included.
        process.kill(-child.pid, signal)
      } catch {
        /* already gone */
      }
    }
  }

  const stop = async () => {
    if (stopping) return
    stopping = true
    signalAll('SIGINT')
    const deadline = Date.now() + 10_000
    while (children.some(running) && Date.now() < deadline) await sleep(100)
    signalAll('SIGKILL')
  }

  for (const spec of specs) {
    // Something already answering there would pass for this service while it fails to bind.
    if (spec.readyUrl && (await answers(spec.readyUrl))) {
      await stop()
      throw new Error(
        `${spec.name}: ${new URL(spec.readyUrl).host} is already in use (is \`npm start\` or a test run already running?).`,
      )
    }
    const child = spawn(spec.command, spec.args, {
      detached: true,
      stdio: ['ignore', spec.quiet ? 'ignore' : 'inherit', 'inherit'],
      env: { ...process.env, ...spec.env },
    })
    children.push(child)
    child.on('exit', (code, signal) => {
      if (stopping) return
      console.error(`${spec.name} stopped unexpectedly (${signal ?? `exit code ${code}`}).`)
      reportExit(spec.name)
    })
    if (!spec.readyUrl) continue
    const deadline = Date.now() + timeoutMs
    while (!(await answers(spec.readyUrl))) {
      if (!running(child) || Date.now() > deadline) {
        await stop()
        throw new Error(`${spec.name} did not start (waited for ${spec.readyUrl}).`)
      }
      await sleep(250)
    }
  }

  return { stop, exited }
}

const LOCAL = '127.0.0.1'

/**
 * The Firebase Auth emulator for the demo project every local run uses. `args` adds to the
 * command line (another config, export and import); `root` is the repository, when the
 * caller's working directory may be elsewhere.
 */
export function authEmulatorSpec({ args = [], port = 9099, root = '.' } = {}) {
  return {
    name: 'Auth emulator',
    command: join(root, 'node_modules/.bin/firebase'),
    args: ['emulators:start', '--only', 'auth', '--project', 'demo-todo', ...args],
    readyUrl: `http://${LOCAL}:${String(port)}/`,
    quiet: true,
  }
}

/** The local Firestore backend (`backend/start.js`, which prints nothing with --quiet). */
export function firestoreBackendSpec({ args = [], port = 8080, root = '.', quiet = true } = {}) {
  return {
    name: 'Local Firestore backend',
    command: process.execPath,
    args: [join(root, 'backend/start.js'), '--quiet', ...args],
    readyUrl: `http://${LOCAL}:${String(port)}/`,
    quiet,
  }
}

/**
 * What the browser tests and Lighthouse run against: the Auth emulator, the backend in memory
 * (every run starts empty) and the production build under /todo/ (`vite preview`).
 */
export function servedBuildSpecs() {
  return [
    authEmulatorSpec(),
    firestoreBackendSpec({ args: ['--memory'] }),
    {
      name: 'App (vite preview)',
      command: 'node_modules/.bin/vite',
      args: ['preview', '--strictPort'],
      readyUrl: `http://${LOCAL}:4173/todo/`,
      quiet: true,
    },
  ]
}
