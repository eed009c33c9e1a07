// Starts local services as child processes and stops them together: for `npm start`,
// `npm run lighthouse` and `npm run bench` (the browser tests use Playwright's webServer).
//
// Each service's output goes to its own log file. The services start at once; each is waited
// for until all its URLs answer, however long that takes up to `timeoutMs` (a first start of
// an emulator on a busy laptop can take minutes), with a line when it is ready. When one fails,
// the error names it, shows the end of its log and says what to try. Stopping first lets each
// service save its data (an export), then signals it and waits for it to exit.
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, relative } from 'node:path'

/**
 * @typedef {object} ServiceSpec
 * @property {string} name
 * @property {string} command
 * @property {string[]} args
 * @property {Record<string, string>} [env]
 * @property {string[]} [readyUrls] answering (any status below 500) means ready
 * @property {number[]} [ports] must be free before it starts
 * @property {{signal?: NodeJS.Signals, timeoutMs?: number, saving?: string}} [stop]
 *   `saving`: where it writes its data as it stops (said while waiting for it)
 * @property {() => Promise<string | undefined>} [beforeStop] saves its data; returns where
 */

export const DEFAULT_TIMEOUT_MS = 180_000
const TAIL_LINES = 25
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const running = (child) => child.exitCode === null && child.signalCode === null

/** How long to wait for a service: --timeout=<s> or TODO_START_TIMEOUT (seconds). */
export function startTimeoutMs(argv = process.argv, env = process.env) {
  const flag = argv.find((arg) => arg.startsWith('--timeout='))?.slice('--timeout='.length)
  const value = flag ?? env.TODO_START_TIMEOUT
  if (value === undefined || value === '') return DEFAULT_TIMEOUT_MS
  const number = Number(value)
  if (!(number > 0))
    throw new Error(`The start timeout must be a number of seconds, not "${value}".`)
  return number * 1000
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) })
    await response.body?.cancel()
    return response.status < 500
  } catch {
    return false
  }
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      server.close(() => resolve(true)),
    )
  })
}

/** Which process listens on `port`, as far as `ss` or `lsof` can tell (often only as root). */
export function portHolder(port) {
  const ss = spawnSync('ss', ['-Hltnp', `sport = :${String(port)}`], { encoding: 'utf8' })
  const user = /users:\(\("([^"]+)",pid=(\d+)/.exec(ss.stdout ?? '')
  if (user) return `${user[1]} (pid ${user[2]})`
  const lsof = spawnSync('lsof', ['-nP', `-iTCP:${String(port)}`, '-sTCP:LISTEN', '-Fcp'], {
    encoding: 'utf8',
  })
  const pid = /^p(\d+)/m.exec(lsof.stdout ?? '')?.[1]
  const name = /^c(.+)/m.exec(lsof.stdout ?? '')?.[1]
  return pid ? `${name ?? 'a process'} (pid ${pid})` : undefined
}

function tail(file) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-TAIL_LINES)
  } catch {
    return []
  }
}

/** What to try, from how the service failed and what its log says. */
function hints(spec, log, timedOut) {
  const text = log.join('\n')
  const found = []
  if (/EADDRINUSE|address already in use|port .*(taken|in use|not open)/i.test(text)) {
    found.push(
      'A port it needs is taken: stop the program holding it (another `npm start` or test run?).',
    )
  }
  if (
    /no longer supports Java|UnsupportedClassVersionError|spawn java ENOENT|java: not found/i.test(
      text,
    )
  ) {
    found.push(
      'Java is missing or too old for this route: install Java 21 for firebase-tools, or run `npm start -- --backend=jar` (Java 11+ and the Debian package google-cloud-cli-firestore-emulator).',
    )
  }
  if (/download|ENOTFOUND|EAI_AGAIN|getaddrinfo/i.test(text) && /firebase/i.test(spec.command)) {
    found.push(
      'firebase-tools downloads the Firestore emulator once (~/.cache/firebase/emulators); offline, use the installed jar: `npm start -- --backend=jar`.',
    )
  }
  if (timedOut) {
    found.push(
      'A first start on a busy machine can take minutes: try again, or wait longer with `npm start -- --timeout=600` (seconds; TODO_START_TIMEOUT for other commands).',
    )
  }
  return found
}

/**
 * Starts `specs` and resolves once every one is ready; rejects (having stopped them all) when
 * one exits or is not ready within `timeoutMs`.
 * @param {ServiceSpec[]} specs
 * @param {{timeoutMs?: number, logDir: string, say?: (line: string) => void}} options
 */
export async function startProcesses(
  specs,
  { timeoutMs = DEFAULT_TIMEOUT_MS, logDir, say = console.log },
) {
  mkdirSync(logDir, { recursive: true })
  for (const spec of specs) {
    for (const port of spec.ports ?? []) {
      if (await portFree(port)) continue
      const holder = portHolder(port)
      throw new Error(
        `${spec.name} cannot start: port ${String(port)} is taken${holder ? ` by ${holder}` : ''}.\n` +
          'Is `npm start` or a test run already running? Stop it first' +
          (holder ? `, or end that process (kill ${/pid (\d+)/.exec(holder)?.[1] ?? ''}).` : '.'),
      )
    }
  }

  const services = specs.map((spec) => {
    const logFile = join(
      logDir,
      `${spec.name.replace(/\W+/g, '-').replace(/-+$/, '').toLowerCase()}.log`,
    )
    const out = openSync(logFile, 'w')
    const child = spawn(spec.command, spec.args, {
      // Its own process group: Ctrl-C reaches only us, and we stop it in our own time.
      detached: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, ...spec.env },
    })
    closeSync(out)
    const exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => resolve(signal ?? `exit code ${String(code)}`))
      child.once('error', (error) => resolve(error.message))
    })
    return { spec, child, logFile, exited, ready: false }
  })

  let stopping
  const stop = () => {
    stopping ??= stopAll(services, say)
    return stopping
  }

  const started = Date.now()
  const waitFor = async (service) => {
    const { spec, child } = service
    let nextNote = started + 30_000
    for (;;) {
      if (!running(child)) return `exited (${await service.exited})`
      if ((await Promise.all((spec.readyUrls ?? []).map(answers))).every(Boolean)) break
      if (Date.now() - started > timeoutMs) return `was not ready after ${seconds(timeoutMs)}`
      if (Date.now() > nextNote) {
        say(`  … still waiting for ${spec.name} (${seconds(Date.now() - started)})`)
        nextNote += 30_000
      }
      await sleep(500)
    }
    service.ready = true
    const where = (spec.readyUrls ?? []).map((url) => new URL(url).host).join(', ')
    say(`  ready: ${spec.name}${where ? ` on ${where}` : ''} (${seconds(Date.now() - started)})`)
    return undefined
  }

  const failures = await Promise.all(services.map(waitFor))
  const failed = services.findIndex((_, index) => failures[index] !== undefined)
  if (failed !== -1) {
    const { spec, logFile } = services[failed]
    const timedOut = failures[failed].startsWith('was not ready')
    await stop()
    const log = tail(logFile)
    const shown = relative(process.cwd(), logFile) || logFile
    throw new Error(
      [
        `${spec.name} ${failures[failed]}.`,
        `Its output is in ${shown}${log.length > 0 ? '; the last lines:' : ' (empty).'}`,
        ...log.map((line) => `  | ${line}`),
        ...hints(spec, log, timedOut).map((hint) => `Try: ${hint}`),
      ].join('\n'),
    )
  }

  // Resolves when a service exits on its own (never while they are being stopped).
  const exited = Promise.race(
    services.map(async ({ spec, exited: gone }) => {
      const how = await gone
      if (stopping) return new Promise(() => undefined)
      say(`${spec.name} stopped unexpectedly (${how}).`)
      return spec.name
    }),
  )
  // A second Ctrl-C: everything at once, without saving.
  const kill = () => {
    for (const { child } of services) signalGroup(child, 'SIGKILL')
  }
  return { stop, kill, exited }
}

/**
 * Stops the services, each in its own time and all at once: a service that saves through a
 * request (beforeStop) does so first; one that saves as it exits is waited for as long as it
 * needs. One that never came up has loaded nothing, and must not save over the data kept.
 */
function stopAll(services, say) {
  const where = (path) => relative(process.cwd(), path)
  return Promise.all(
    services.map(async ({ spec, child, exited, ready }) => {
      if (!running(child)) return
      if (!ready) {
        signalGroup(child, 'SIGKILL')
        return
      }
      if (spec.beforeStop) {
        const begun = Date.now()
        try {
          const path = await spec.beforeStop()
          say(
            `  saved: ${spec.name}${path ? ` → ${where(path)}` : ''} (${seconds(Date.now() - begun)})`,
          )
        } catch (error) {
          say(
            `  could not save ${spec.name}: ${error instanceof Error ? error.message : String(error)}`,
          )
        }
      }
      const { signal = 'SIGTERM', timeoutMs = 10_000, saving } = spec.stop ?? {}
      const begun = Date.now()
      if (saving) say(`  waiting for ${spec.name} to save its data → ${where(saving)}`)
      signalGroup(child, signal)
      let timer
      const done = await Promise.race([
        exited.then(() => true),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs, false))),
      ])
      clearTimeout(timer)
      if (!done) {
        say(`  ${spec.name} did not stop within ${seconds(timeoutMs)}; killing it.`)
        signalGroup(child, 'SIGKILL')
      } else if (saving) {
        say(`  stopped: ${spec.name} (${seconds(Date.now() - begun)})`)
      }
    }),
  )
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
  } catch {
    /* already gone */
  }
}
