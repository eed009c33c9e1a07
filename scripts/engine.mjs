// How the local runs get Google's Firestore emulator, and the services that start it: one place
// for `npm start`, the browser tests, the rules table, `npm run lighthouse` and `npm run bench`.
//
// In order of preference:
//   1. firebase-tools' `emulators:start --only auth,firestore`, when `java` is 21 or later (what
//      firebase-tools requires; it downloads the emulator's jar once, into ~/.cache/firebase);
//   2. Google's emulator jar as installed by the Debian package google-cloud-cli-firestore-emulator
//      (or FIRESTORE_EMULATOR_JAR), on any Java from 11; the Auth emulator still comes from
//      firebase-tools (`--only auth`, which needs no Java).
// With neither, it says what to install. `--backend=firebase-tools|jar` (or TODO_BACKEND) forces
// a route.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_PROJECT_ID, EMULATOR_HOST, EMULATOR_PORTS } from '../src/config/env.ts'
import { firestoreMetadataFile, FIRESTORE_EXPORT } from './saved-data.mjs'

export const PROJECT = DEMO_PROJECT_ID
export const HOST = EMULATOR_HOST
export const DEFAULT_PORTS = EMULATOR_PORTS
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const JAR_PACKAGE = 'google-cloud-cli-firestore-emulator'
const FIREBASE_TOOLS_JAVA = 21
const JAR_JAVA = 11
export const BACKENDS = ['firebase-tools', 'jar']

const NAMES = {
  'firebase-tools': 'the official Firestore emulator, through firebase-tools',
  jar: 'the official Firestore emulator, from the installed jar',
}

/** The major version of `java` on the PATH (8 for "1.8.0"), or null when there is none. */
export function javaVersion() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 120_000 })
  if (result.error || result.status !== 0) return null
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`)
  if (!match) return null
  const major = Number(match[1])
  return major === 1 ? Number(match[2]) : major
}

/** Google's emulator jar: FIRESTORE_EMULATOR_JAR, else the Debian package's; or null. */
export function installedJar(env = process.env) {
  if (env.FIRESTORE_EMULATOR_JAR) {
    if (!existsSync(env.FIRESTORE_EMULATOR_JAR)) {
      throw new Error(`FIRESTORE_EMULATOR_JAR=${env.FIRESTORE_EMULATOR_JAR} does not exist.`)
    }
    return env.FIRESTORE_EMULATOR_JAR
  }
  const listing = spawnSync('dpkg', ['-L', JAR_PACKAGE], { encoding: 'utf8' })
  if (listing.error || listing.status !== 0) return null
  return (
    listing.stdout.split('\n').find((line) => line.endsWith('.jar') && existsSync(line)) ?? null
  )
}

/** The backend asked for on the command line (`--backend=x` or `--backend x`) or in TODO_BACKEND. */
export function requestedBackend(argv = process.argv, env = process.env) {
  const index = argv.findIndex((arg) => arg === '--backend' || arg.startsWith('--backend='))
  const value =
    index === -1
      ? env.TODO_BACKEND || undefined
      : argv[index].includes('=')
        ? argv[index].slice('--backend='.length)
        : argv[index + 1]
  if (value !== undefined && !BACKENDS.includes(value)) {
    throw new Error(`--backend must be one of ${BACKENDS.join(', ')}, not "${String(value)}".`)
  }
  return value
}

const JAR_HINT =
  `install the Debian package ${JAR_PACKAGE} (with Java 11 or later), ` +
  'or set FIRESTORE_EMULATOR_JAR to its jar'

/**
 * The engine to run: `{kind, name, reason, jar?, java}`. `backend` forces one (see BACKENDS).
 * Throws, saying what to install, when the emulator cannot run.
 */
export function findEngine(backend) {
  const engine = (kind, reason, extra = {}) => ({ kind, name: NAMES[kind], reason, ...extra })
  const java = javaVersion()
  const javaText = java === null ? 'no `java` on the PATH' : `Java ${String(java)}`
  const viaFirebaseTools = java !== null && java >= FIREBASE_TOOLS_JAVA
  if (backend === 'firebase-tools' || (viaFirebaseTools && backend !== 'jar')) {
    if (!viaFirebaseTools) {
      throw new Error(
        `firebase-tools runs the Firestore emulator on Java ${String(FIREBASE_TOOLS_JAVA)} or later; found ${javaText}. Install a newer Java, or use --backend=jar.`,
      )
    }
    return engine('firebase-tools', `${javaText}: firebase-tools runs both emulators`, { java })
  }
  const jar = installedJar()
  const problem =
    java === null || java < JAR_JAVA
      ? `${javaText} (the emulator needs Java ${String(JAR_JAVA)} or later)`
      : jar === null
        ? `no emulator jar (${JAR_HINT})`
        : null
  if (problem === null) {
    const why = `${javaText}, firebase-tools would need Java ${String(FIREBASE_TOOLS_JAVA)}`
    return engine('jar', `${why}; jar ${jar}`, { java, jar })
  }
  throw new Error(
    `The Firestore emulator cannot run here: ${problem}. It needs Java: install Java 21 or ` +
      'later (Debian: apt-get install -y openjdk-21-jre-headless), and firebase-tools runs it; ' +
      `or Java 11+ with the Debian package ${JAR_PACKAGE}.`,
  )
}

/** Runs firebase-tools from this repository. */
const firebaseBin = () => join(ROOT, 'node_modules/.bin/firebase')

/**
 * A firebase.json for other ports than the project's (the bench's free ports); firebase-tools
 * reads ports only from its configuration.
 */
function firebaseConfig(ports, configDir) {
  const defaults =
    ports.auth === DEFAULT_PORTS.auth &&
    ports.firestore === DEFAULT_PORTS.firestore &&
    ports.hub === undefined
  if (defaults) return join(ROOT, 'firebase.json')
  if (configDir === undefined) throw new Error('Other ports need a configDir for firebase.json.')
  mkdirSync(configDir, { recursive: true })
  const at = (port) => ({ host: HOST, ...(port === undefined ? {} : { port }) })
  const file = join(configDir, 'firebase.json')
  writeFileSync(
    file,
    JSON.stringify({
      emulators: {
        auth: at(ports.auth),
        firestore: { ...at(ports.firestore), websocketPort: ports.websocket },
        hub: at(ports.hub),
        logging: at(ports.logging),
        ui: { enabled: false },
        singleProjectMode: true,
      },
      firestore: { rules: join(ROOT, 'firestore.rules') },
    }),
  )
  return file
}

const url = (port) => `http://${HOST}:${String(port)}/`

/**
 * The services that run `engine`, as specs for scripts/processes.mjs.
 * - `ports`: {auth, firestore} (default 9099, 8080), and for firebase-tools on other ports
 *   {hub, logging, websocket}, with `configDir` for the firebase.json it then needs;
 * - `importFrom`: folders of saved data to start with, already checked (scripts/saving.mjs,
 *   which also saves them while `npm start` runs): `emulators` for firebase-tools, `firestore`
 *   and `auth` for the jar. Without it the data lives in memory only.
 */
export function engineServices(
  engine,
  { ports = DEFAULT_PORTS, importFrom = {}, configDir, auth: withAuth = true } = {},
) {
  const config = ['--config', firebaseConfig(ports, configDir), '--project', PROJECT]
  if (engine.kind === 'firebase-tools') {
    return [
      {
        name: 'Auth and Firestore emulators (firebase-tools)',
        command: firebaseBin(),
        args: [
          'emulators:start',
          '--only',
          withAuth ? 'auth,firestore' : 'firestore',
          ...config,
          ...(importFrom.emulators ? ['--import', importFrom.emulators] : []),
        ],
        readyUrls: withAuth ? [url(ports.auth), url(ports.firestore)] : [url(ports.firestore)],
        // For waiters that watch one URL only (Playwright): both are up once this is printed.
        readyOutput: /All emulators ready/,
        ports: [ports.auth, ports.firestore],
        stop: { signal: 'SIGINT', timeoutMs: 30_000 },
      },
    ]
  }
  const auth = {
    name: 'Auth emulator (firebase-tools)',
    command: firebaseBin(),
    args: [
      'emulators:start',
      '--only',
      'auth',
      ...config,
      ...(importFrom.auth ? ['--import', importFrom.auth] : []),
    ],
    readyUrls: [url(ports.auth)],
    ports: [ports.auth],
    stop: { signal: 'SIGINT', timeoutMs: 30_000 },
  }
  const withAuthEmulator = (firestore) => (withAuth ? [auth, firestore] : [firestore])
  return withAuthEmulator(jarFirestore(engine.jar, ports.firestore, importFrom.firestore))
}

/** Google's jar, run directly; it starts with the export in `seedDir`, if any. */
function jarFirestore(jar, port, seedDir) {
  return {
    name: 'Firestore emulator (installed jar)',
    command: 'java',
    args: [
      // Errors only: not a line per connection, nor a stack trace per refused request.
      '-Dio.netty.machineId=02:00:00:00:00:01',
      `-Djava.util.logging.config.file=${join(ROOT, 'scripts/java-logging.properties')}`,
      '-cp',
      jar,
      'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
      '--host',
      HOST,
      '--port',
      String(port),
      '--rules',
      join(ROOT, 'firestore.rules'),
      '--project_id',
      PROJECT,
      '--single_project_mode',
      'true',
      ...(seedDir
        ? ['--seed_from_export', firestoreMetadataFile(join(seedDir, FIRESTORE_EXPORT))]
        : []),
    ],
    readyUrls: [url(port)],
    ports: [port],
    stop: { signal: 'SIGTERM', timeoutMs: 15_000 },
  }
}

/** A command line for a shell (Playwright's webServer runs its command through one). */
export function shellCommand({ command, args }) {
  const quote = (word) =>
    /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
  return [command, ...args].map(quote).join(' ')
}
