// What the bench measures on: the tasks, the builds, the emulators and the servers.
import { cpSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, preview, runnerImport } from 'vite'
import {
  emulatorServices,
  HOST,
  portFree,
  PORTS,
  PROJECT,
  startServices,
} from '../scripts/emulators.ts'
import { clearDatabase, seedTasks } from '../scripts/firestore-rest.mjs'
import { newTask } from '../src/services/taskDocument.ts'
import { listOf, seedLists } from './lists.mjs'

/**
 * A TypeScript module of the project, loaded through Vite, which resolves the app's
 * extensionless imports. Vite's runner sets NODE_ENV to development; put back, or every later
 * build would be React's development build.
 */
export async function importThroughVite(path) {
  const nodeEnv = process.env.NODE_ENV
  try {
    return (await runnerImport(fileURLToPath(new URL(path, import.meta.url)))).module
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}

const { FINISHED_ORDER_BASE } = await importThroughVite('../src/features/tasks/model/ordering.ts')

const repo = fileURLToPath(new URL('..', import.meta.url))
const naiveRoot = fileURLToPath(new URL('naive', import.meta.url))
export const FIRESTORE = `http://${HOST}:${String(PORTS.firestore)}`

export const ACCOUNT = { email: 'bench@example.com', displayName: 'Bench User' }
/** A second account with a short list, for the navigation → list figure at 100 tasks. */
export const SHORT_LIST_ACCOUNT = { email: 'bench-short@example.com', displayName: 'Bench Short' }
export const SHORT_LIST = 100

const WORDS = ['Buy oat milk', 'Call the plumber', 'Write the report', 'Water the plants']

/**
 * `count` tasks of `email`, made and stored through the app's definition of a task
 * (src/services/taskDocument.ts): half open, half finished (the finished ones at the end, as the app
 * keeps them), mostly one line, every seventh long enough to wrap; spread over `lists` lists in
 * turn, My tasks first (lists.mjs).
 */
export function makeTasks(count, email = ACCOUNT.email, lists = 1) {
  const open = Math.ceil(count / 2)
  const prefix = email.split('@')[0]
  return Array.from({ length: count }, (_, i) => {
    const isFinished = i >= open
    const long = i % 7 === 3 ? ` and then ${'tidy the shelves, '.repeat(4)}at last` : ''
    return newTask({
      id: `${prefix}${String(i).padStart(5, '0')}`,
      task: `Task ${String(i + 1)}: ${WORDS[i % WORDS.length]}${long}`,
      isFinished,
      email,
      order: isFinished ? FINISHED_ORDER_BASE + (i - open) : i,
      list: listOf(i, lists),
    })
  })
}

/** An error the person can act on: said without a stack. */
export class PlainError extends Error {}

/**
 * The app's ports are fixed in its build (src/config/env.ts). Rerouting the browser's requests
 * elsewhere buffers each response, which breaks the SDK's streaming Listen and Write channels,
 * so the bench runs the emulators on those very ports.
 */
export async function checkEmulatorPorts() {
  const taken = []
  for (const port of Object.values(PORTS)) if (!(await portFree(port))) taken.push(String(port))
  if (taken.length === 0) return
  throw new PlainError(
    `The bench runs the emulators on the app's own ports (${Object.values(PORTS).join(', ')}), ` +
      `and ${taken.join(', ')} ${taken.length > 1 ? 'are' : 'is'} taken. Stop \`npm start\` and the ` +
      'browser tests first, or run the bench in a network namespace of its own:\n' +
      "  unshare -n bash -c 'ip link set lo up; npm run bench'",
  )
}

/**
 * The production build of the app into `outDir`, for the local emulators whatever .env says,
 * with Redux DevTools' hook on (the harness's instrumentation). With `maps`, source maps too.
 */
export async function buildApp(outDir, { maps = false } = {}) {
  Object.assign(process.env, {
    VITE_USE_EMULATORS: 'true',
    VITE_REDUX_DEVTOOLS: 'true',
    VITE_FIREBASE_API_KEY: '',
    VITE_FIREBASE_AUTH_DOMAIN: '',
    VITE_FIREBASE_PROJECT_ID: '',
    VITE_FIREBASE_APP_ID: '',
  })
  await build({
    root: repo,
    logLevel: 'warn',
    // The Firestore chunk is larger than Vite's warning limit, which is not news here.
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 5000,
      ...(maps && { sourcemap: true }),
    },
  })
}

/** The naive reference (bench/naive) into `outDir`, with its tasks as `tasks.json`. */
export async function buildNaive(outDir, tasks) {
  await build({
    configFile: false,
    root: naiveRoot,
    base: '/naive/',
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  })
  writeFileSync(join(outDir, 'tasks.json'), JSON.stringify(tasks))
}

/** Keeps the build's scripts (and maps) beside the CPU profiles, which name minified code. */
export function copyAssets(appDir, profileDir) {
  cpSync(join(appDir, 'assets'), join(profileDir, 'assets'), { recursive: true })
}

/** Starts the Auth and Firestore emulators on their usual ports; returns their handle. */
export async function startEmulators(tmp, say) {
  return startServices(await emulatorServices(), { logDir: join(tmp, 'logs'), say })
}

/**
 * An empty database, then the long list for ACCOUNT (with its `lists - 1` lists besides My
 * tasks) and the short one for SHORT_LIST_ACCOUNT.
 */
export async function seed(tasks, lists = 1) {
  await clearDatabase(FIRESTORE)
  await seedLists(
    FIRESTORE,
    `projects/${PROJECT}/databases/(default)/documents`,
    ACCOUNT.email,
    lists,
  )
  await seedTasks(FIRESTORE, tasks)
  await seedTasks(FIRESTORE, makeTasks(SHORT_LIST, SHORT_LIST_ACCOUNT.email))
}

/** A task's text changed through the REST API, as another device's write reaches the server. */
export async function changeElsewhere(id, text) {
  const name = `projects/${PROJECT}/databases/(default)/documents/tasks/${id}`
  const response = await fetch(`${FIRESTORE}/v1/${name}?updateMask.fieldPaths=task`, {
    method: 'PATCH',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ fields: { task: { stringValue: text } } }),
  })
  if (!response.ok) throw new Error(`The remote change failed: ${String(response.status)}`)
}

/** `vite preview` of a build on a free port; returns its URL and its server. */
export async function serve(outDir, which) {
  const naive = which === 'naive'
  const server = await preview({
    ...(naive ? { configFile: false, root: naiveRoot, base: '/naive/' } : { root: repo }),
    logLevel: 'warn',
    build: { outDir },
    preview: { host: HOST, port: 0, strictPort: false, open: false },
  })
  const address = server.httpServer.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://${HOST}:${String(port)}${naive ? '/naive/' : '/todo/'}`, server }
}
