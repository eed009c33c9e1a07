// The local emulators, for `npm start`, the browser tests, the emulator tests, `npm run
// lighthouse` and `npm run bench`: Google's Firestore emulator from its jar (the Debian package
// google-cloud-cli-firestore-emulator, on Java 17) and the Auth emulator from firebase-tools.
// startServices runs them (and Vite) as child processes, each in a process group of its own
// with its output in a log file, and stops them together.
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, relative } from 'node:path'
import { DEMO_PROJECT_ID, EMULATOR_HOST, EMULATOR_PORTS } from '../src/config/env.ts'

export const PROJECT = DEMO_PROJECT_ID
export const HOST = EMULATOR_HOST
export const PORTS = EMULATOR_PORTS
const ROOT = join(import.meta.dirname, '..')
const JAR_PACKAGE = 'google-cloud-cli-firestore-emulator'

export interface Service {
  name: string
  command: string
  args: string[]
  /** Ready once this answers (any status below 500). */
  url: string
  port: number
  /** How it stops cleanly (firebase-tools: SIGINT). */
  signal?: 'SIGINT' | 'SIGTERM'
}

/** Where to start the emulators from: a folder as `saves.ts` keeps it, or older ones. */
export interface Seed {
  firestore?: string
  auth?: string
}

/** Google's emulator jar: FIRESTORE_EMULATOR_JAR, else the Debian package's. */
export function firestoreJar(env = process.env): string {
  // Without dpkg, its output is null (whatever its type says).
  const listed = spawnSync('dpkg', ['-L', JAR_PACKAGE], { encoding: 'utf8' }).stdout as
    string | null
  const jar =
    env.FIRESTORE_EMULATOR_JAR ?? listed?.split('\n').find((line) => line.endsWith('.jar'))
  if (jar && existsSync(jar)) return jar
  throw new Error(
    `No Firestore emulator: install Java 17 and Debian's ${JAR_PACKAGE} ` +
      `(apt-get install -y openjdk-17-jre-headless ${JAR_PACKAGE}), or set FIRESTORE_EMULATOR_JAR.`,
  )
}

/** A free port on the emulators' host, for a run beside `npm start`. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0)
      })
    })
  })
}

/**
 * The two emulators as services. Other ports than the app's (the emulator tests) need
 * `configDir` for a firebase.json of their own: firebase-tools reads its ports only from there,
 * the hub's and the logging's too, which then take free ones. `singleProject: false` lets the
 * Firestore emulator keep any number of projects apart (the browser tests' workers, one each).
 */
export async function emulatorServices({
  ports = PORTS,
  seed = {},
  configDir,
  singleProject = true,
}: {
  ports?: typeof PORTS
  seed?: Seed
  configDir?: string
  singleProject?: boolean
} = {}): Promise<Service[]> {
  let config = join(ROOT, 'firebase.json')
  if (ports.auth !== PORTS.auth) {
    if (!configDir) throw new Error('Other ports need a configDir.')
    mkdirSync(configDir, { recursive: true })
    config = join(configDir, 'firebase.json')
    const at = (port: number) => ({ host: HOST, port })
    const emulators = { auth: at(ports.auth), hub: at(await freePort()), ui: { enabled: false } }
    writeFileSync(
      config,
      JSON.stringify({ emulators: { ...emulators, logging: at(await freePort()) } }),
    )
  }
  const url = (port: number) => `http://${HOST}:${String(port)}/`
  return [
    {
      name: 'Auth emulator',
      command: join(ROOT, 'node_modules/.bin/firebase'),
      args: ['emulators:start', '--only', 'auth', '--config', config, '--project', PROJECT].concat(
        seed.auth ? ['--import', seed.auth] : [],
      ),
      url: url(ports.auth),
      port: ports.auth,
      signal: 'SIGINT',
    },
    {
      name: 'Firestore emulator',
      command: 'java',
      args: [
        // A fixed id: Netty looks for a hardware address otherwise, and a network namespace has none.
        '-Dio.netty.machineId=02:00:00:00:00:01',
        // Errors only: not a line per connection, nor a stack trace per refused request.
        `-Djava.util.logging.config.file=${join(ROOT, 'scripts/java-logging.properties')}`,
        '-cp',
        firestoreJar(),
        'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
        ...['--host', HOST, '--port', String(ports.firestore), '--project_id', PROJECT],
        ...['--rules', join(ROOT, 'firestore.rules')],
        ...['--single_project_mode', String(singleProject)],
        ...(seed.firestore ? ['--seed_from_export', seed.firestore] : []),
      ],
      url: url(ports.firestore),
      port: ports.firestore,
    },
  ]
}

/** A command line for a shell (Playwright's webServer runs its command through one). */
export function shellCommand({ command, args }: Service): string {
  const quote = (word: string) =>
    /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
  return [command, ...args].map(quote).join(' ')
}

/** How long to wait for a service: TODO_START_TIMEOUT seconds, else 3 minutes. */
export const startTimeoutMs = (env = process.env) => (Number(env.TODO_START_TIMEOUT) || 180) * 1000

/** Whether nothing listens on `port` (of HOST). */
export const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer().once('error', () => {
      resolve(false)
    })
    server.listen({ port, host: HOST, exclusive: true }, () =>
      server.close(() => {
        resolve(true)
      }),
    )
  })

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    async (response) => {
      await response.body?.cancel()
      return response.status < 500
    },
    () => false,
  )

const signalGroup = (pid: number | undefined, signal: NodeJS.Signals) => {
  try {
    if (pid) process.kill(-pid, signal)
  } catch {
    // Already gone.
  }
}

export interface Running {
  /** Stops them all, each in its own time (SIGKILL after 15 s), and waits until they exit. */
  stop: () => Promise<void>
  /** Kills them all at once. */
  kill: () => void
  /** Resolves with a service's name when it exits by itself. */
  exited: Promise<string>
}

/**
 * Starts `services` at once and resolves when every one answers, saying so with the time it
 * took. Rejects, having stopped them all, when a port is taken, or when one exits or is not
 * ready in time: then with the end of its log.
 */
export async function startServices(
  services: Service[],
  { logDir, say = console.log }: { logDir: string; say?: (line: string) => void },
): Promise<Running> {
  for (const { name, port } of services) {
    if (!(await portFree(port))) {
      throw new Error(`${name}: port ${String(port)} is taken. Is \`npm start\` or a test run up?`)
    }
  }
  mkdirSync(logDir, { recursive: true })
  const started = Date.now()
  const children = services.map((service) => {
    const log = join(logDir, `${service.name.replace(/\W+/g, '-').toLowerCase()}.log`)
    const out = openSync(log, 'w')
    // A group of its own: Ctrl-C reaches only `npm start`, which stops it in its own time.
    const child = spawn(service.command, service.args, {
      detached: true,
      stdio: ['ignore', out, out],
    })
    closeSync(out)
    const exit = new Promise<string>((resolve) => {
      child.once('exit', (code, signal) => {
        resolve(signal ?? `exit code ${String(code)}`)
      })
      child.once('error', (error) => {
        resolve(error.message)
      })
    })
    return { service, child, log, exit, gone: false }
  })
  for (const each of children) void each.exit.then(() => (each.gone = true))
  let stopping = false
  const stop = async () => {
    stopping = true
    await Promise.all(
      children.map(async ({ service, child, exit, gone }) => {
        if (gone) return
        signalGroup(child.pid, service.signal ?? 'SIGTERM')
        const timer = setTimeout(() => {
          signalGroup(child.pid, 'SIGKILL')
        }, 15_000)
        await exit
        clearTimeout(timer)
      }),
    )
  }

  const timeoutMs = startTimeoutMs()
  const failures = await Promise.all(
    children.map(async (each) => {
      for (;;) {
        if (each.gone) return `exited (${await each.exit})`
        if (await answers(each.service.url)) break
        if (Date.now() - started > timeoutMs)
          return `was not ready after ${String(timeoutMs / 1000)} s`
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
      say(`  ready: ${each.service.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
      return undefined
    }),
  )
  const failed = children.find((_, index) => failures[index] !== undefined)
  if (failed) {
    await stop()
    const { service, log } = failed
    const tail = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-25)
    throw new Error(
      [
        `${service.name} ${failures[children.indexOf(failed)] ?? ''}; the end of ${relative(process.cwd(), log)}:`,
        ...tail.map((line) => `  | ${line}`),
        'A slow first start? Wait longer with TODO_START_TIMEOUT=600 (seconds).',
      ].join('\n'),
    )
  }
  const exited = Promise.race(
    children.map(async ({ service, exit }) => {
      const how = await exit
      if (stopping) return new Promise<string>(() => undefined)
      say(`${service.name} stopped unexpectedly (${how}).`)
      return service.name
    }),
  )
  const kill = () => {
    for (const { child } of children) signalGroup(child.pid, 'SIGKILL')
  }
  return { stop, kill, exited }
}
